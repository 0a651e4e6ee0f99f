package main

import "fmt"

type Resetter interface{ Reset() }

type settings struct{ level int }

func (s *settings) Reset() { s.level = 0 }

func resetAll(rs ...Resetter) {
	for _, r := range rs {
		r.Reset()
	}
}

func main() {
	a, b := settings{3}, settings{5}
	resetAll(&a, &b)
	fmt.Println(a, b)
	var r Resetter = &settings{9}
	if s, ok := r.(*settings); ok {
		fmt.Println("before", s.level)
		r.Reset()
		fmt.Println("after", s.level)
	}
	var x any = settings{1}
	_, ok := x.(Resetter)
	fmt.Println(ok)
}
