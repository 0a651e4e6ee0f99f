package main

import "fmt"

type inner struct{ Name string }

func (inner) Who() string { return "inner" }

type middle struct {
	inner
	Name string
}

func (middle) Who() string { return "middle" }

type outer struct {
	middle
	ID int
}

type both struct {
	outer
	inner
}

func main() {
	o := outer{middle{inner{"in"}, "mid"}, 1}
	fmt.Println(o.Name, o.inner.Name, o.Who(), o.middle.inner.Who())
	o.Name = "changed"
	fmt.Println(o.middle.Name, o.middle.inner.Name)
	b := both{o, inner{"direct"}}
	fmt.Println(b.inner.Name, b.outer.Name, b.Who())
	fmt.Printf("%+v\n", b)
}
