package main

import "fmt"

type Animal struct{ Name string }

func (a Animal) Sound() string { return "..." }
func (a Animal) Intro() string { return a.Name + " says " + a.Sound() }

type Dog struct {
	Animal
	Name string
}

func (d Dog) Sound() string { return "woof" }

func main() {
	d := Dog{Animal{"generic"}, "rex"}
	fmt.Println(d.Name, d.Animal.Name)
	fmt.Println(d.Sound())
	fmt.Println(d.Intro())
}
