package main

import "fmt"

type tag string

type entry struct {
	key any
	val fmt.Stringer
}

type named struct{ s string }

func (n named) String() string { return n.s }

func main() {
	a := entry{1, named{"x"}}
	b := entry{1, named{"x"}}
	c := entry{int64(1), named{"x"}}
	d := entry{1, nil}
	fmt.Println(a == b, a == c, a == d, d == entry{1, nil})
	e := entry{"k", named{"y"}}
	f := entry{tag("k"), named{"y"}}
	fmt.Println(e == f, e.key == "k", f.key == tag("k"))
	set := map[entry]int{a: 1, c: 2, d: 3}
	set[b]++
	fmt.Println(len(set), set[a], set[c])
	arrs := [2]entry{a, d}
	brrs := [2]entry{b, d}
	fmt.Println(arrs == brrs)
}
