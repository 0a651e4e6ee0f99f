package main

import "fmt"

type Animal struct{ Name string }

func (a Animal) Sound() string    { return "..." }
func (a Animal) Describe() string { return a.Name + " says " + a.Sound() }
func (a *Animal) Rename(n string) { a.Name = n }

type Dog struct {
	Animal
	Tricks int
}

// Sound shadows Animal.Sound for Dog, but Animal.Describe still calls
// Animal's: Go has no virtual methods.
func (d Dog) Sound() string { return "woof" }

type Speaker interface{ Sound() string }

func main() {
	d := Dog{Animal{"rex"}, 2}
	fmt.Println(d.Sound(), d.Animal.Sound())
	fmt.Println(d.Describe())
	d.Rename("max")
	fmt.Println(d.Name, d.Animal.Name)
	var s Speaker = d
	fmt.Println(s.Sound())
	s = d.Animal
	fmt.Println(s.Sound())
	pd := &d
	pd.Rename("bo")
	fmt.Println(pd.Describe(), pd.Tricks)
	speakers := []Speaker{Dog{Animal{"a"}, 0}, Animal{"b"}}
	for _, sp := range speakers {
		fmt.Printf("%T %s\n", sp, sp.Sound())
	}
}
