package main

import "fmt"

type hub struct {
	in  []chan int
	out map[string]chan int
}

func (h *hub) pick(i int) chan int { return h.in[i] }

func main() {
	h := &hub{in: []chan int{make(chan int, 4), make(chan int, 4)}, out: map[string]chan int{"a": make(chan int, 4)}}
	h.in[0] <- 1
	h.in[1] <- 2
	close(h.in[1])
	var v int
	var ok bool
	vals := make([]int, 3)
	select {
	case vals[1], ok = <-h.pick(1):
	}
	fmt.Println(vals, ok)
	select {
	case v, ok = <-h.in[1]:
	}
	fmt.Println(v, ok)
	select {
	case h.out["a"] <- <-h.in[0]:
	}
	fmt.Println(<-h.out["a"])
	i := 0
	select {
	case h.in[i] <- 40 + i:
	}
	select {
	case x := <-h.pick(i):
		fmt.Println(x)
	}
	m := map[string]int{}
	h.in[0] <- 7
	select {
	case m["k"], ok = <-h.in[i]:
	}
	fmt.Println(m, ok)
	type pair struct {
		n  int
		ok bool
	}
	var p pair
	h.in[0] <- 8
	select {
	case p.n, p.ok = <-h.in[0]:
	}
	fmt.Println(p)
	for _, c := range []chan int{h.in[0], h.in[1]} {
		select {
		case x, ok := <-c:
			fmt.Println("range", x, ok)
		default:
			fmt.Println("empty")
		}
	}
}
