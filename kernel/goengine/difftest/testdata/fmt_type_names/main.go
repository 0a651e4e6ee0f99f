package main

import "fmt"

type Meters float64

type Grid [2][2]Meters

type Registry map[string][]*Entry

type Entry struct {
	name string
	tags []string
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Handler func(Meters) error

func main() {
	type local struct{ n int }
	fmt.Printf("%T|%T|%T\n", Meters(1), Grid{}, Registry{})
	fmt.Printf("%T|%T|%T\n", &Entry{}, []Entry{}, map[Meters]bool{})
	fmt.Printf("%T\n", []Pair[int, *Entry]{})
	fmt.Printf("%T|%T|%T\n", local{}, make(chan Meters), Handler(nil))
	fmt.Printf("%T|%T\n", func(Entry) (Meters, error) { return 0, nil }, struct{ M Meters }{})
	fmt.Printf("%#v\n", Grid{{1, 2}, {3, 4}})
	fmt.Printf("%#v\n", Entry{"e", []string{"a"}})
	fmt.Printf("%#v\n", Pair[string, Meters]{"k", 2.5})
	fmt.Printf("%#v\n", local{3})
	fmt.Printf("%#v %#v\n", []Meters(nil), map[string]Meters(nil))
}
