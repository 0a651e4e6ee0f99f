package main

import "fmt"

// culab patch 64: a struct type with several blank fields.

type padded struct {
	a int
	_ int
	b string
	_ [2]bool
	_ struct{}
}

func main() {
	p := padded{a: 1, b: "x"}
	q := padded{a: 1, b: "x"}
	fmt.Println(p == q, p != padded{})
	fmt.Printf("%v\n%+v\n%#v\n", p, p, p)
	m := map[padded]int{p: 1}
	m[q]++
	fmt.Println(len(m), m[p])
	var z padded
	z.a = 3
	fmt.Println(z)
}

// Output:
// true true
// {1 0 x [false false] {}}
// {a:1 _:0 b:x _:[false false] _:{}}
// main.padded{a:1, _:0, b:"x", _:[2]bool{false, false}, _:struct {}{}}
// 1 2
// {3 0  [false false] {}}
