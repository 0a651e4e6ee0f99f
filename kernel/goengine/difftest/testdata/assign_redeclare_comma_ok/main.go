package main

import "fmt"

func main() {
	m := map[int]int{1: 10}
	v, ok := m[1]
	f := func() string { return fmt.Sprint(v, ok) }
	w, ok := m[2]
	fmt.Println(f(), w)
	c := make(chan int, 2)
	c <- 1
	c <- 2
	a, cok := <-c
	g := func() string { return fmt.Sprint(a, cok) }
	b, cok := <-c
	close(c)
	_, cok = <-c
	fmt.Println(g(), b)
	var x any = 1
	n, tok := x.(int)
	h := func() string { return fmt.Sprint(n, tok) }
	s, tok := x.(string)
	fmt.Println(h(), s == "")
	p := &ok
	z, ok := m[1]
	fmt.Println(*p, z)
	x1, y1 := 1, 2
	k := func() int { return y1 }
	x2, y1 := 3, 4
	fmt.Println(k(), x1, x2)
}
