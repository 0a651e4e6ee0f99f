package main

import "fmt"

func primes(n int) []int {
	composite := make([]bool, n+1)
	var out []int
	for i := 2; i <= n; i++ {
		if composite[i] {
			continue
		}
		out = append(out, i)
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return out
}

func main() {
	p := primes(100)
	fmt.Println(len(p), p)
	fmt.Println(len(primes(10000)))
}
