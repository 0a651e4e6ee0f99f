package main

import "fmt"

type vec [3]float64

type body struct {
	name string
	pos  vec
	tags [2]string
}

func (b body) moved(d vec) body {
	for i := range b.pos {
		b.pos[i] += d[i]
	}
	return b
}

func (b *body) move(d vec) {
	for i := range d {
		b.pos[i] += d[i]
	}
}

func main() {
	a := body{"a", vec{1, 2, 3}, [2]string{"x", "y"}}
	b := a.moved(vec{1, 1, 1})
	fmt.Println(a.pos, b.pos, a == b)
	c := a
	c.tags[0] = "z"
	fmt.Println(a.tags, c.tags, a == c)
	c.tags[0] = "x"
	fmt.Println(a == c)
	a.move(vec{0, 0, 1})
	fmt.Println(a.pos)
	bodies := []body{a, b}
	for _, bd := range bodies {
		bd.move(vec{10, 10, 10})
	}
	fmt.Println(bodies[0].pos[0], bodies[1].pos[0])
	for i := range bodies {
		bodies[i].move(vec{10, 0, 0})
	}
	fmt.Println(bodies[0].pos[0], bodies[1].pos[0])
	m := map[vec]string{a.pos: "a"}
	fmt.Println(m[vec{1, 2, 4}], len(m))
	arr := [2]body{a, a}
	arr2 := arr
	arr2[1].pos[2] = 0
	fmt.Println(arr[1].pos, arr2[1].pos, arr == arr2)
	p := &arr[0]
	p.pos[0] = 99
	fmt.Println(arr[0].pos[0])
	pv := &a.pos
	pv[1] = -1
	fmt.Println(a.pos)
}
