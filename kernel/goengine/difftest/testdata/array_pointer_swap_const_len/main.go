package main

import "fmt"

const name = "kernel"

type grid [2][3]int

func rotate(p *[4]int) {
	p[0], p[1], p[2], p[3] = p[3], p[0], p[1], p[2]
}

func main() {
	var buf [len(name)]byte
	copy(buf[:], name)
	fmt.Println(len(buf), string(buf[:3]))
	a := [4]int{1, 2, 3, 4}
	rotate(&a)
	fmt.Println(a)
	g1 := grid{{1, 2, 3}, {4, 5, 6}}
	g2 := g1
	g2[1][2] = 60
	fmt.Println(g1 == g2, g1[1] == [3]int{4, 5, 6}, g2)
	rows := g1[:]
	rows[0][0] = 100
	fmt.Println(g1[0], len(rows), cap(rows[1:]))
	pa := &g1[1]
	pa[0]++
	fmt.Println(g1)
	var ps [3]*int
	for i := range ps {
		v := i * 10
		ps[i] = &v
	}
	fmt.Println(*ps[0], *ps[1], *ps[2])
	m := map[[2]string]int{{"a", "b"}: 1}
	k := [2]string{"a"}
	k[1] = "b"
	m[k]++
	fmt.Println(m)
}
