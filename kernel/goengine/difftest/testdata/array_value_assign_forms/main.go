package main

import "fmt"

type vec [3]int

type holder struct {
	arr vec
	pts []vec
}

func mk(n int) vec { return vec{n, n, n} }

func (v vec) bump() vec { v[0] += 100; return v }

func (h holder) get() vec { return h.arr }

func named() (v vec) {
	defer func() { v[1] = -1 }()
	v = mk(5)
	return v
}

func named2() (v vec, h holder) {
	local := vec{1, 2, 3}
	defer func() { h.arr[0] = 42; v[2] = 7 }()
	return local, holder{arr: local}
}

func main() {
	a := vec{1, 2, 3}
	p := &a
	a = mk(9)
	fmt.Println(*p)
	b := vec{4, 5, 6}
	a = b
	b[0] = 0
	fmt.Println(a, b)
	var h holder
	h.arr = b
	b[1] = 0
	fmt.Println(h.arr, b)
	m := map[string]vec{}
	m["k"] = a
	a[2] = 0
	fmt.Println(m["k"], a)
	xs := []vec{}
	xs = append(xs, a)
	a[0] = -5
	fmt.Println(xs, a)
	ch := make(chan vec, 1)
	ch <- a
	a[1] = 77
	fmt.Println(<-ch, a)
	f := func() vec { return a }
	a[2] = 33
	fmt.Println(f())
	fmt.Println(a.bump(), a)
	var i any = h
	h.arr[0] = 1000
	fmt.Println(i.(holder).arr, h.arr)
	g := h.get()
	g[0] = 1
	fmt.Println(h.get()[0], g[0])
	fmt.Println(named())
	fmt.Println(named2())
	h.pts = append(h.pts, a)
	h2 := h
	h2.pts[0][0] = 12345
	fmt.Println(h.pts[0][0])
	arrOfArr := [2]vec{a, b}
	c := arrOfArr
	c[0][0] = 8
	fmt.Println(arrOfArr[0][0], c[0][0])
	for i := range 2 {
		a = mk(i)
		fmt.Print(*p, " ")
	}
	fmt.Println()
}
