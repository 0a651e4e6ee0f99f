package main

import "fmt"

type Grid [2][3]int

type Board struct {
	cells Grid
	name  string
}

func bump(g Grid) Grid {
	g[0][0]++
	return g
}

func bumpPtr(g *Grid) { g[1][2] += 10 }

func main() {
	var a Grid
	b := a
	b[0][1] = 5
	fmt.Println(a, b, a == b)
	c := bump(b)
	fmt.Println(b[0][0], c[0][0])
	bumpPtr(&c)
	fmt.Println(c)
	row := c[1] // a copy of the row
	row[0] = -1
	fmt.Println(c[1], row)
	b1 := Board{cells: c, name: "x"}
	b2 := b1
	b2.cells[0][0] = 99
	fmt.Println(b1.cells[0][0], b2.cells[0][0], b1 == b2)
	arrs := []Grid{a, b}
	for _, g := range arrs {
		g[0][0] = 7 // the range value is a copy
	}
	fmt.Println(arrs[0][0][0], arrs[1][0][0])
	for i := range arrs {
		arrs[i][0][0] = 7
	}
	fmt.Println(arrs[0][0][0], arrs[1][0][0])
	p := &arrs[0]
	arrs = append(arrs, Grid{})
	p[0][2] = 3 // may point into the old backing array
	fmt.Println(len(arrs), p[0][2])
	s := c[0][:2]
	s[1] = 42
	fmt.Println(c[0], len(s), cap(s))
	counts := map[[2]int]int{}
	for _, k := range [][2]int{{1, 2}, {2, 1}, {1, 2}} {
		counts[k]++
	}
	fmt.Println(counts[[2]int{1, 2}], counts[[2]int{2, 1}], len(counts))
}
