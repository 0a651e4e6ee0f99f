package main

import "fmt"

type T struct{ A int }

func (t T) Get() int { return t.A }

func main() {
	type A = T
	type S = []A
	var s S = S{{1}, {2}}
	fmt.Println(s[1].Get(), len(s))
	type M = map[string]int
	m := M{"a": 1}
	fmt.Printf("%T %v\n", m, m)
	var t T = A{5}
	fmt.Println(t.Get())
	type P = *T
	var p P = &t
	fmt.Println(p.Get())
	{
		type A = int
		var x A = 3
		fmt.Printf("%T\n", x)
	}
	fmt.Printf("%T\n", A{})
}
