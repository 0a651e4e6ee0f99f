package main

import "fmt"

type Color int

func (c Color) String() string { return [...]string{"red", "green", "blue"}[c] }

type Code string

func (c Code) String() string { return "<" + string(c) + ">" }

func main() {
	votes := map[Color]int{2: 5, 0: 3, 1: 4}
	fmt.Println(votes)
	names := map[string]Color{"sky": 2, "grass": 1}
	fmt.Println(names)
	codes := map[Code]Code{"b": "2", "a": "1"}
	fmt.Println(codes)
	fmt.Printf("%v\n", map[Color][]Color{0: {1, 2}})
}
