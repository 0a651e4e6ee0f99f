package main

import "fmt"

type Inventory struct {
	Items map[string]int
	Slots []int
}

func main() {
	s := []int{1, 2, 3, 4, 5}
	view := s[1:3]
	clear(view)
	fmt.Println(s, len(view), cap(view))
	inv := Inventory{Items: map[string]int{"a": 1, "b": 2}, Slots: []int{9, 9}}
	alias := inv.Items
	clear(inv.Items)
	fmt.Println(len(alias), alias == nil, inv.Items["a"])
	alias["c"] = 3
	fmt.Println(len(inv.Items))
	clear(inv.Slots)
	fmt.Println(inv.Slots)
	var nilMap map[int]bool
	clear(nilMap)
	var nilSlice []string
	clear(nilSlice)
	fmt.Println(nilMap == nil, nilSlice == nil)
	words := []string{"x", "y"}
	clear(words)
	fmt.Printf("%q\n", words)
}
