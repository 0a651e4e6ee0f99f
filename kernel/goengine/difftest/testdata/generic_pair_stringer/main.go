package main

import "fmt"

type Pair[A, B any] struct {
	First  A
	Second B
}

func (p Pair[A, B]) String() string { return fmt.Sprintf("(%v, %v)", p.First, p.Second) }

func MakePair[A, B any](a A, b B) Pair[A, B] { return Pair[A, B]{a, b} }

func main() {
	p := MakePair("x", 1)
	fmt.Println(p)
	fmt.Println([]Pair[string, int]{p, {"y", 2}})
	fmt.Printf("%v %T\n", MakePair(1.5, true), MakePair(1.5, true))
	nested := MakePair(p, MakePair('a', []int{1}))
	fmt.Println(nested)
}
