package main

import (
	"fmt"
	"strings"
)

type speaker interface{ speak() string }
type dog struct{ name string }

func (d dog) speak() string { return d.name + ": woof" }

type loud struct {
	speaker
	times int
}

func (l loud) speak() string {
	return strings.Repeat(strings.ToUpper(l.speaker.speak())+" ", l.times)
}

type quiet struct{ speaker }

func main() {
	d := dog{"rex"}
	var s speaker = loud{d, 2}
	fmt.Println(s.speak())
	q := quiet{d}
	fmt.Println(q.speak())
	q.speaker = loud{dog{"max"}, 1}
	fmt.Println(q.speak())
	var empty quiet
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil) }()
		fmt.Println(empty.speak())
	}()
	ss := []speaker{d, q, loud{q, 1}}
	for _, x := range ss {
		fmt.Printf("%T %s\n", x, x.speak())
	}
}
