package main

import "fmt"

func primes(n int) []int {
	var ps []int
next:
	for i := 2; len(ps) < n; i++ {
		for _, p := range ps {
			if i%p == 0 {
				continue next
			}
		}
		ps = append(ps, i)
	}
	return ps
}

func findPair(xs []int, target int) (int, int) {
	i, j := -1, -1
search:
	for a := range xs {
		for b := a + 1; b < len(xs); b++ {
			switch {
			case xs[a]+xs[b] == target:
				i, j = a, b
				break search
			case xs[a]+xs[b] > 100:
				continue search
			}
		}
	}
	return i, j
}

func retry() int {
	attempts := 0
again:
	attempts++
	if attempts < 3 {
		goto again
	}
	return attempts
}

func main() {
	fmt.Println(primes(10))
	fmt.Println(findPair([]int{1, 4, 7, 11, 15}, 18))
	fmt.Println(findPair([]int{1, 2}, 50))
	fmt.Println(retry())
	count := 0
	for i := 0; i < 3; i++ {
	inner:
		for j := 0; j < 3; j++ {
			switch {
			case j == 1:
				continue inner
			case i == 2:
				break inner
			}
			count++
		}
	}
	fmt.Println(count)
}
