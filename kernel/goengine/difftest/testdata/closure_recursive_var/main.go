package main

import "fmt"

func main() {
	var fib func(int) int
	memo := map[int]int{}
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		if v, ok := memo[n]; ok {
			return v
		}
		v := fib(n-1) + fib(n-2)
		memo[n] = v
		return v
	}
	fmt.Println(fib(50), len(memo))

	var walk func(depth int, path string) []string
	walk = func(depth int, path string) []string {
		if depth == 0 {
			return []string{path}
		}
		return append(walk(depth-1, path+"L"), walk(depth-1, path+"R")...)
	}
	fmt.Println(walk(3, ""))

	even := func() func(int) bool {
		var isEven, isOdd func(int) bool
		isEven = func(n int) bool { return n == 0 || isOdd(n-1) }
		isOdd = func(n int) bool { return n != 0 && isEven(n-1) }
		return isEven
	}()
	fmt.Println(even(10), even(7))
}
