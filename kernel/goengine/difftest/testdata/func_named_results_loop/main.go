package main

import (
	"fmt"
	"strings"
)

func words(s string) (out []string) {
	for _, w := range strings.Fields(s) {
		out = append(out, strings.ToUpper(w))
	}
	return
}

func stats(xs []int) (sum, count int, max int) {
	for _, x := range xs {
		sum += x
		count++
		if x > max {
			max = x
		}
	}
	return
}

func describe(n int) (s string) {
	if n%2 == 0 {
		s += "even "
	}
	if n%3 == 0 {
		s += "three "
	}
	return s + fmt.Sprint(n)
}

func main() {
	for _, line := range []string{"a b", "c", "d e f"} {
		fmt.Println(words(line))
	}
	for _, xs := range [][]int{{1, 2, 3}, {4}, {}} {
		fmt.Println(stats(xs))
	}
	for i := 1; i <= 6; i++ {
		fmt.Println(describe(i))
	}
}
