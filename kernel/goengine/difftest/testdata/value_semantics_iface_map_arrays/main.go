package main

import "fmt"

type grid [2][3]int

type rec struct {
	id  int
	arr [3]int
}

func main() {
	var g grid
	h := g
	h[1][2] = 7
	fmt.Println(g, h, g == h)
	var a any = h
	h[0][0] = 1
	fmt.Println(a, a == any(h), a.(grid)[1][2])
	m := map[string][2]int{"a": {1, 2}}
	v := m["a"]
	v[0] = 100
	fmt.Println(m, v)
	m["a"] = v
	fmt.Println(m)
	rs := map[int]rec{1: {1, [3]int{1, 2, 3}}}
	r := rs[1]
	r.arr[0] = 9
	fmt.Println(rs[1], r, rs[1] == r, rs[1] == rec{1, [3]int{1, 2, 3}})
	arrs := [][2]int{{1, 2}, {3, 4}}
	for _, x := range arrs {
		x[0] = 0
	}
	fmt.Println(arrs)
	for i := range arrs {
		arrs[i][0] = 0
	}
	fmt.Println(arrs)
	ifs := []any{rec{2, [3]int{}}, [2]int{5, 6}}
	cp := ifs[0].(rec)
	cp.arr[1] = 5
	fmt.Println(ifs[0], cp)
	p := &ifs
	(*p)[1] = [2]int{7, 8}
	fmt.Println(ifs)
}
