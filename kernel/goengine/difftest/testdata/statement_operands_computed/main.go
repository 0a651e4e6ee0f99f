package main

import (
	"fmt"
	"sync"
)

func show(tag string, v int) { fmt.Println(tag, v) }

func pair(a, b int) (int, int) { return a, b }

func main() {
	xs := []int{1, 2, 3, 4}
	m := map[int]int{5: 50}
	var wg sync.WaitGroup
	wg.Add(1)
	go func(v int) { defer wg.Done(); show("go", v) }(xs[1] * 100)
	wg.Wait()
	defer show("defer", xs[2]*100)
	a, b := pair(xs[0]*2, xs[3]+m[xs[3]+1])
	fmt.Println(a, b)
	v, ok := m[xs[1]+xs[2]]
	fmt.Println(v, ok)
	switch xs[0] * 4 {
	case xs[1] * 2:
		fmt.Println("case computed")
	}
	for i, x := range xs[xs[0]*1 : xs[1]+1] {
		fmt.Print(i, x, " ")
	}
	fmt.Println()
	m[xs[3]+1]++
	fmt.Println(m)
	chs := []chan int{make(chan int, 1), make(chan int, 1)}
	select {
	case chs[xs[0]*1] <- xs[2] * 3:
	}
	select {
	case got := <-chs[xs[1]-1]:
		fmt.Println("recv", got)
	}
	chs[0] <- xs[3] * 5
	fmt.Println(<-chs[xs[0]-1])
}
