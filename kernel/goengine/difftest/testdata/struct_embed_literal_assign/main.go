package main

import "fmt"

type animal struct {
	name string
	legs int
}

func (a animal) describe() string { return fmt.Sprintf("%s has %d legs", a.name, a.legs) }

func (a *animal) rename(n string) { a.name = n }

type dog struct {
	animal
	breed string
}

type kennel struct {
	dogs  []dog
	owner *animal
}

func main() {
	d := dog{animal{"rex", 4}, "lab"}
	p := &d.animal
	d.animal = animal{"max", 3}
	fmt.Println(p.describe(), d.describe())
	d.rename("bo")
	fmt.Println(d.name, p.name)
	k := kennel{dogs: []dog{d, {animal: animal{name: "fifi"}}}}
	k.dogs[1].rename("fido")
	k.dogs[1].legs = 4
	fmt.Println(k.dogs[1].describe(), len(k.dogs))
	k.owner = &k.dogs[0].animal
	k.dogs[0] = dog{breed: "pug"}
	fmt.Printf("%q %+v\n", k.owner.name, k.dogs[0])
	e := d
	e.animal.legs = 10
	fmt.Println(d.legs, e.legs)
	ds := map[string]dog{"a": d}
	dd := ds["a"]
	dd.rename("copy")
	fmt.Println(ds["a"].name, dd.name)
}
