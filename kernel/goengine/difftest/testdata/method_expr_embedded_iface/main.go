package main

import (
	"fmt"
	"strings"
)

type Namer interface{ Name() string }
type Greeter interface {
	Namer
	Greet(string) string
}

type person struct{ first, last string }

func (p person) Name() string          { return p.first + " " + p.last }
func (p person) Greet(g string) string { return g + ", " + p.Name() }
func (p *person) Rename(f string)      { p.first = f }

type robot struct {
	Namer
	id int
}

func (r robot) Greet(g string) string { return strings.ToUpper(g) + " " + r.Name() + fmt.Sprint(r.id) }

func main() {
	name := person.Name
	greet := person.Greet
	rename := (*person).Rename
	p := person{"ada", "lovelace"}
	fmt.Println(name(p), greet(p, "hi"))
	rename(&p, "Ada")
	fmt.Println(name(p))
	pn := (*person).Name
	fmt.Println(pn(&p))

	gi := Greeter.Greet
	ni := Namer.Name
	var g Greeter = p
	fmt.Println(gi(g, "hello"), ni(g))
	r := robot{p, 7}
	g = r
	fmt.Println(gi(g, "hey"), ni(r))
	gs := []Greeter{p, r, &p}
	for _, x := range gs {
		fmt.Println(x.Greet("yo"))
	}
	var n Namer = g
	_, isG := n.(Greeter)
	fmt.Println(isG)
	f := g.Greet
	p.first = "changed"
	fmt.Println(f("bye"))
}
