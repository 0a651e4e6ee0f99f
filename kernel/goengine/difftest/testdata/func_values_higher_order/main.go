package main

import (
	"fmt"
	"sort"
	"strings"
)

func compose(f, g func(string) string) func(string) string {
	return func(s string) string { return g(f(s)) }
}

func lengthThen(f func(string) int, g func(int) int) func(string) int {
	return func(s string) int { return g(f(s)) }
}

func apply(n int, f func(int) int) func(int) int {
	return func(x int) int {
		for i := 0; i < n; i++ {
			x = f(x)
		}
		return x
	}
}

func main() {
	shout := compose(strings.TrimSpace, strings.ToUpper)
	fmt.Println(shout("  quiet  "))
	lenThenDouble := lengthThen(func(s string) int { return len(s) }, func(n int) int { return n * 2 })
	fmt.Println(lenThenDouble("four"))
	fmt.Println(apply(5, func(x int) int { return x * 2 })(1))
	var fns []func(float64) float64
	fns = append(fns, func(x float64) float64 { return x + 1 })
	fmt.Println(fns[0](1.5), len(fns))
	words := []string{"ccc", "a", "bb"}
	sort.Slice(words, func(i, j int) bool { return len(words[i]) < len(words[j]) })
	fmt.Println(words)
	var nilFn func()
	fmt.Println(nilFn == nil)
}
