package main

import "fmt"

type Point struct {
	X, Y int
}

type Line struct {
	From, To Point
	Label    string
	tags     []string
}

func main() {
	l := Line{Point{1, 2}, Point{3, 4}, "diag", []string{"a"}}
	fmt.Printf("%v\n", l)
	fmt.Printf("%+v\n", l)
	fmt.Printf("%#v\n", l)
	fmt.Printf("%v %+v\n", &l.From, &l.To)
	fmt.Printf("%T %T\n", l, &l)
	anon := struct {
		A int
		B string
	}{1, "x"}
	fmt.Printf("%v %+v %#v\n", anon, anon, anon)
	fmt.Printf("%#v %#v %#v\n", []int(nil), map[string]int{}, [2]bool{})
}
