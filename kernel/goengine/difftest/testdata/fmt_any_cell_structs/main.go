package main

import (
	"fmt"
	"time"
)

// Structs without methods whose fields are of a type with a String
// method, held in an any: fmt calls String for exported fields, and not
// for unexported ones.
type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type Team struct {
	Lead    ID
	Members []ID
	backup  ID
	Sub     *Team
}

type Pair struct{ K, V ID }

type Outer struct {
	P     Pair
	inner Pair
}

func main() {
	t := Team{Lead: 1, Members: []ID{2, 3}, backup: 4}
	var a any = t
	var p any = &t
	fmt.Println(a, p)
	fmt.Printf("%+v\n%+v\n", a, p)
	fmt.Printf("%s|%d\n", a, a)
	o := any(Outer{Pair{1, 2}, Pair{3, 4}})
	fmt.Printf("%v %+v\n", o, o)
	fmt.Printf("%T %T %T\n", a, p, o)
	anon := any(struct {
		X  ID
		ys []ID
	}{5, []ID{6}})
	fmt.Printf("%v %+v\n", anon, anon)
	fmt.Println([]any{Pair{7, 8}, []Pair{{9, 10}}, (*Team)(nil)})
	// A compiled type's String is not called under an unexported field
	// either.
	hidden := any(struct {
		d time.Duration
		D time.Duration
	}{1, 2})
	fmt.Printf("%v %+v\n", hidden, hidden)
}
