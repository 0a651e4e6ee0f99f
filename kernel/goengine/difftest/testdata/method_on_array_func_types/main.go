package main

import (
	"fmt"
	"strings"
)

type board [3][3]byte

func (b *board) set(r, c int, v byte) { b[r][c] = v }
func (b board) String() string {
	var sb strings.Builder
	for _, row := range b {
		for _, c := range row {
			if c == 0 {
				c = '.'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('/')
	}
	return sb.String()
}

type ring [4]int

func (r *ring) rotate() {
	first := r[0]
	copy(r[:], r[1:])
	r[len(r)-1] = first
}

type handler func(string) string

func (h handler) twice(s string) string { return h(h(s)) }

type matrix [][]float64

func (m matrix) T() matrix {
	out := make(matrix, len(m[0]))
	for i := range out {
		out[i] = make([]float64, len(m))
		for j := range m {
			out[i][j] = m[j][i]
		}
	}
	return out
}

func main() {
	var b board
	b.set(1, 1, 'X')
	c := b
	c.set(0, 0, 'O')
	fmt.Println(b, c)
	fmt.Printf("%v %s\n", &b, []board{c})
	r := ring{1, 2, 3, 4}
	r.rotate()
	r.rotate()
	fmt.Println(r)
	rs := []ring{{1, 2, 3, 4}}
	rs[0].rotate()
	fmt.Println(rs)
	up := handler(strings.ToUpper)
	ex := handler(func(s string) string { return s + "!" })
	fmt.Println(up.twice("a"), ex.twice("b"))
	fmt.Println(matrix{{1, 2, 3}, {4, 5, 6}}.T())
	type grid = [2][2]int
	g := grid{{1, 2}, {3, 4}}
	for i, row := range g {
		row[0] = 0
		g[i][1] *= 10
	}
	fmt.Println(g)
	pg := &g
	for i := range pg {
		pg[i][0] = -1
	}
	fmt.Println(g, len(pg))
}
