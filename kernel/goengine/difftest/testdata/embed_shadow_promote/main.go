package main

import "fmt"

type Animal struct{ Name string }

func (a Animal) Speak() string    { return a.Name + " makes a sound" }
func (a Animal) Describe() string { return "animal " + a.Name + ": " + a.Speak() }
func (a *Animal) Rename(n string) { a.Name = n }

type Dog struct {
	Animal
	Breed string
}

func (d Dog) Speak() string { return d.Name + " barks" }

type Speaker interface{ Speak() string }

type Loud struct {
	Speaker
}

func (l Loud) Speak() string { return l.Speaker.Speak() + "!" }

func main() {
	d := Dog{Animal{"rex"}, "lab"}
	fmt.Println(d.Speak())
	fmt.Println(d.Animal.Speak())
	fmt.Println(d.Describe())
	d.Rename("max")
	fmt.Println(d.Name, d.Animal.Name)
	var s Speaker = d
	fmt.Println(s.Speak())
	s = Loud{d}
	fmt.Println(s.Speak())
	s = Loud{Loud{&d}}
	fmt.Println(s.Speak())
	fmt.Printf("%+v\n", d)
	fmt.Printf("%v\n", Loud{Animal{"cat"}})
}
