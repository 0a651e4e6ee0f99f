package main

import "fmt"

func fib() func() int {
	a, b := 0, 1
	return func() int {
		r := a
		a, b = b, a+b
		return r
	}
}

func counterPair() (inc func() int, get func() int) {
	n := 0
	inc = func() int { n++; return n }
	get = func() int { return n }
	return
}

func adders() []func(int) int {
	var fs []func(int) int
	for _, k := range []int{1, 10, 100} {
		k := k
		fs = append(fs, func(x int) int { return x + k })
	}
	return fs
}

func compose(fs ...func(int) int) func(int) int {
	return func(x int) int {
		for _, f := range fs {
			x = f(x)
		}
		return x
	}
}

func memo(f func(int) int) func(int) int {
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
	f := fib()
	for i := 0; i < 10; i++ {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	inc, get := counterPair()
	inc()
	inc()
	fmt.Println(get(), inc(), get())
	fs := adders()
	fmt.Println(fs[0](1), fs[1](1), fs[2](1), compose(fs...)(0))
	sq := memo(func(x int) int { return x * x })
	fmt.Println(sq(3), sq(3), sq(4))
	var rec func(int) int
	rec = func(n int) int {
		if n <= 1 {
			return 1
		}
		return n * rec(n-1)
	}
	fmt.Println(rec(10))
}
