package main

import "fmt"

type Vec[T any] = []T

type Matrix = [][]float64

type IntVec = Vec[int]

func sum(v IntVec) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}

func main() {
	var v Vec[string] = []string{"a", "b"}
	fmt.Printf("%v %T\n", v, v)
	fmt.Println(sum([]int{1, 2, 3}))
	m := Matrix{{1, 2}, {3, 4}}
	fmt.Printf("%v %T\n", m, m)
}
