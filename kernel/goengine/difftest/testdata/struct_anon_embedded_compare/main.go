package main

import "fmt"

type Base struct {
	ID   int
	Tags [2]string
}

type Derived struct {
	Base
	Name string
	Opt  *int
}

type wrapper struct {
	inner struct {
		a, b int
	}
	f float64
}

func main() {
	one := 1
	d1 := Derived{Base{1, [2]string{"a", "b"}}, "x", &one}
	d2 := d1
	fmt.Println(d1 == d2, d1.Base == d2.Base)
	d2.Tags[1] = "c"
	fmt.Println(d1 == d2, d1.Tags, d2.Tags)
	two := 1
	d3 := d1
	d3.Opt = &two
	fmt.Println(d1 == d3, *d1.Opt == *d3.Opt)
	var w1, w2 wrapper
	w1.inner.a = 3
	fmt.Println(w1 == w2)
	w2.inner.a = 3
	fmt.Println(w1 == w2)
	pts := map[struct{ x, y int }]string{{1, 2}: "a"}
	pts[struct{ x, y int }{1, 2}] += "b"
	fmt.Println(pts)
	type pair struct {
		k string
		v any
	}
	fmt.Println(pair{"a", 1} == pair{"a", 1}, pair{"a", 1} == pair{"a", 1.0}, pair{"a", nil} == pair{"a", nil})
	arr1 := [3]Base{{ID: 1}}
	arr2 := [3]Base{{ID: 1}}
	fmt.Println(arr1 == arr2)
	var e1, e2 any = d1.Base, Base{1, [2]string{"a", "b"}}
	fmt.Println(e1 == e2)
	defer func() { fmt.Println("recovered:", recover()) }()
	var s1, s2 any = []int{1}, []int{1}
	fmt.Println(s1 == s2)
}
