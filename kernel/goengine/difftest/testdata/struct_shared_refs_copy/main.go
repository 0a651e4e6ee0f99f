package main

import "fmt"

type cfg struct {
	name  string
	tags  []string
	attrs map[string]int
	arr   [2]int
	ptr   *int
}

func main() {
	n := 1
	a := cfg{"a", []string{"t1"}, map[string]int{"k": 1}, [2]int{1, 2}, &n}
	b := a
	b.name = "b"
	b.tags[0] = "T1"
	b.tags = append(b.tags, "t2")
	b.attrs["k"] = 2
	b.arr[0] = 10
	*b.ptr = 5
	fmt.Println(a.name, a.tags, a.attrs["k"], a.arr, *a.ptr)
	fmt.Println(b.name, b.tags, b.attrs["k"], b.arr, *b.ptr)
	m := map[string]any{"c": a}
	c := m["c"].(cfg)
	c.arr[1] = 77
	c.attrs["z"] = 26
	fmt.Println(m["c"].(cfg).arr, len(a.attrs))
	list := []cfg{a}
	el := list[0]
	el.name = "el"
	fmt.Println(list[0].name)
	pl := &list[0]
	pl.name = "pl"
	fmt.Println(list[0].name)
	list = append(list, cfg{})
	pl.name = "after-append"
	fmt.Println(list[0].name, pl.name)
}
