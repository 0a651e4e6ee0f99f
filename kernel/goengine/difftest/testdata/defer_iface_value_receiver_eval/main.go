package main

import "fmt"

type speaker interface{ speak() }

type dog struct{ name string }

func (d dog) speak() { fmt.Println("dog", d.name) }

type cnt struct{ n int }

func (c cnt) show() { fmt.Println("cnt", c.n) }

func main() {
	d := dog{"rex"}
	var s speaker = d
	defer s.speak()
	s = dog{"max"}
	defer s.speak()
	d.name = "changed"
	arr := [2]cnt{{1}, {2}}
	defer arr[0].show()
	arr[0].n = 10
	m := map[string]cnt{"k": {3}}
	defer m["k"].show()
	m["k"] = cnt{30}
	sl := []cnt{{4}}
	f := sl[0].show
	sl[0].n = 40
	defer f()
	defer func(c cnt) { c.show() }(sl[0])
	fmt.Println("end of main")
}
