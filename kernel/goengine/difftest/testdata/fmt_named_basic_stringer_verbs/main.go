package main

import "fmt"

type level int

func (l level) String() string { return [...]string{"low", "mid", "high"}[l] }

type tag string

func (t tag) String() string { return "#" + string(t) }

type reading struct {
	L   level
	T   tag
	Raw int
}

// fmt calls String for %v and %s, not for %d, %q takes String too,
// and a struct's fields use their own String.
func main() {
	l := level(2)
	fmt.Printf("%v %s %d %q %x\n", l, l, l, l, l)
	t := tag("go")
	fmt.Printf("%v %s %q %x\n", t, t, t, t)
	r := reading{level(1), tag("x"), 5}
	fmt.Printf("%v %+v\n", r, r)
	fmt.Println([]level{0, 1, 2}, map[tag]level{"a": 1})
	fmt.Printf("%d %v\n", []level{0, 2}, [2]tag{"p", "q"})
	var s fmt.Stringer = l
	fmt.Println(s, s.String())
	fmt.Printf("%5s|%-6v|%T\n", l, t, r)
}
