package main

import "fmt"

type padded struct {
	a int
	_ int
	b string
	_ [2]bool
}

type anon struct {
	int
	string
}

func main() {
	p := padded{a: 1, b: "x"}
	q := padded{a: 1, b: "x"}
	fmt.Println(p == q)
	fmt.Printf("%v\n%+v\n", p, p)
	an := anon{7, "s"}
	an.int++
	fmt.Printf("%v %+v\n", an, an)
	pts := []struct {
		name string
		x, y int
	}{
		{"o", 0, 0},
		{"p", 1, 2},
	}
	for _, pt := range pts {
		fmt.Println(pt.name, pt.x+pt.y)
	}
	var u struct{ A, B int }
	type named struct{ A, B int }
	u = named{1, 2}
	fmt.Println(u, u == struct{ A, B int }{1, 2})
	e1, e2 := struct{}{}, struct{}{}
	fmt.Println(e1 == e2)
}
