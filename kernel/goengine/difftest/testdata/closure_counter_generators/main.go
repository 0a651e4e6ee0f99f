package main

import "fmt"

func counter(start, step int) (next func() int, reset func()) {
	n := start
	next = func() int {
		v := n
		n += step
		return v
	}
	reset = func() { n = start }
	return
}

func memoize(f func(int) int) func(int) int {
	cache := map[int]int{}
	calls := 0
	return func(x int) int {
		if v, ok := cache[x]; ok {
			return v
		}
		calls++
		v := f(x)
		cache[x] = v
		fmt.Println("computed", x, "calls", calls)
		return v
	}
}

func main() {
	next, reset := counter(10, 5)
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println(next())
	n2, _ := counter(0, 1)
	fmt.Println(n2(), next())
	sq := memoize(func(x int) int { return x * x })
	fmt.Println(sq(3), sq(3), sq(4))
	var adders []func(int) int
	for _, k := range []int{1, 10, 100} {
		adders = append(adders, func(x int) int { return x + k })
	}
	for _, a := range adders {
		fmt.Print(a(1), " ")
	}
	fmt.Println()
}
