package main

import "fmt"

type inner struct {
	ID   int
	Name string
}

func (i inner) Describe() string { return fmt.Sprintf("inner %d %s", i.ID, i.Name) }

type middle struct {
	inner
	Name string
}

type outer struct {
	middle
	ID int
}

func (o outer) Describe() string { return "outer " + o.middle.Describe() }

func main() {
	o := outer{middle{inner{1, "deep"}, "mid"}, 99}
	fmt.Println(o.ID, o.Name, o.middle.ID, o.inner.Name, o.middle.inner.ID)
	fmt.Println(o.Describe())
	fmt.Println(o.middle.Describe())
	o.Name = "changed"
	o.inner.Name = "deep2"
	fmt.Printf("%+v\n", o)
	m := o.middle
	m.ID = 5
	fmt.Println(o.inner.ID, m.inner.ID)
	var d interface{ Describe() string } = o.middle
	fmt.Println(d.Describe())
}
