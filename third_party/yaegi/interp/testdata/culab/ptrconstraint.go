// culab patch 41: a type parameter constrained to a pointer type (PT interface{ *T; M() }) is inferred and converts.
package main

import "fmt"

type C struct{ d int }

func (c *C) Set(n int) { c.d = n }

type Setter[T any] interface {
	*T
	Set(int)
}

func Make[T any, PT Setter[T]](n int) T {
	var v T
	p := PT(&v)
	p.Set(n)
	return v
}

func MakeInline[T any, PT interface {
	*T
	Set(int)
}](n int) *T {
	p := PT(new(T))
	p.Set(n)
	return (*T)(p)
}

func Conv[S ~[]E, E any](xs []E) S { return S(xs) }

type Names []string

func main() {
	fmt.Println(Make[C](5), Make[C, *C](6), *MakeInline[C](7))
	n := Conv[Names]([]string{"a"})
	fmt.Printf("%T %v\n", n, n)
}

// Output:
// {5} {6} {7}
// main.Names [a]
