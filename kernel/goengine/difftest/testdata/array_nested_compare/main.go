package main

import "fmt"

type grid [2][3]int

type cell struct {
	pos  [2]int
	vals [3]float64
}

func bump(g grid) grid {
	g[1][2]++
	return g
}

func main() {
	a := grid{{1, 2, 3}, {4, 5, 6}}
	b := a
	b[0][0] = 9
	fmt.Println(a, b, a == b)
	c := bump(a)
	fmt.Println(a, c, a == c, c == grid{{1, 2, 3}, {4, 5, 7}})

	seen := map[grid]string{a: "a", c: "c"}
	fmt.Println(seen[grid{{1, 2, 3}, {4, 5, 6}}], seen[c], len(seen))

	x := cell{pos: [2]int{1, 2}, vals: [3]float64{0.5, 1, 2}}
	y := x
	y.vals[1] = 3
	fmt.Println(x == y, x.vals, y.vals)
	cells := [2]cell{x, y}
	copyCells := cells
	copyCells[0].pos[0] = 7
	fmt.Println(cells[0].pos, copyCells[0].pos, cells == copyCells)

	p := &a[1]
	p[0] = 40
	fmt.Println(a)
	rows := a[:]
	rows[0][1] = 20
	fmt.Println(a, len(rows), cap(rows))
}
