package main

import "fmt"

func collect() (out []int) {
	for i := 0; i < 3; i++ {
		defer func() { out = append(out, i) }()
	}
	return []int{-1}
}

func makeAdders() []func(int) int {
	var fs []func(int) int
	for _, d := range []int{1, 10, 100} {
		fs = append(fs, func(x int) int { return x + d })
	}
	return fs
}

func counterPair() (inc func(), get func() int) {
	n := 0
	inc = func() { n++ }
	get = func() int { return n }
	return
}

func main() {
	fmt.Println(collect())
	for _, f := range makeAdders() {
		fmt.Print(f(1), " ")
	}
	fmt.Println()
	inc, get := counterPair()
	inc()
	inc()
	fmt.Println(get())
	x := 1
	defer fmt.Println("deferred x:", x)
	defer func() { fmt.Println("closure x:", x) }()
	x = 2
}
