package main

import "fmt"

type pt struct{ x int }

func main() {
	var fs []func() int
	var ps []*pt
	var ss []*[]int
	for i := 0; i < 3; i++ {
		var x int
		x = i * 2
		var p pt
		p.x = i
		var s []int
		s = append(s, i)
		var a, b = i, -i
		fs = append(fs, func() int { return x + a + b })
		ps = append(ps, &p)
		ss = append(ss, &s)
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println(*ps[0], *ps[1], *ps[2], *ss[0], *ss[2])
	var chs []chan int
	for i := 0; i < 2; i++ {
		ch := make(chan int, 1)
		ch <- i
		chs = append(chs, ch)
	}
	fmt.Println(<-chs[0], <-chs[1])
	var counters []*int
	for i := 0; i < 2; i++ {
		n := new(int)
		*n = i
		counters = append(counters, n)
		c := i
		counters = append(counters, &c)
	}
	fmt.Println(*counters[0], *counters[1], *counters[2], *counters[3])
	var gs []func() string
	for _, w := range []string{"a", "b"} {
		var buf []byte
		buf = append(buf, w...)
		msg := string(buf) + "!"
		gs = append(gs, func() string { return msg + string(buf) })
	}
	fmt.Println(gs[0](), gs[1]())
	k := 0
	var hs []func() int
	for k < 3 {
		v := k
		hs = append(hs, func() int { return v })
		k++
	}
	fmt.Println(hs[0](), hs[2]())
}
