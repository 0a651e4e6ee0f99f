package interp_test

import "testing"

// culab patch 128: a method expression of an interface type called with a
// struct whose method is promoted from an embedded interface field.
func TestInterfaceMethodExprPromotedFromEmbeddedInterface(t *testing.T) {
	got := evalMain(t, `package main

import (
	"fmt"
	"strings"
)

type Namer interface{ Name() string }

type person struct{ first string }

func (p person) Name() string { return p.first }

type robot struct {
	Namer
	id int
}

type deep struct {
	robot
	fmt.Stringer
}

func main() {
	r := robot{person{"ada"}, 7}
	ni := Namer.Name
	fmt.Println(ni(person{"bob"}), ni(r), ni(&r), ni(deep{robot: r}))
	str := fmt.Stringer.String
	var b strings.Builder
	b.WriteString("sb")
	fmt.Println(str(deep{Stringer: &b}))
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(ni(robot{}))
}
`)
	if want := "bob ada ada ada\nsb\nrecovered: runtime error: invalid memory address or nil pointer dereference\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
