package main

import "fmt"

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b int) int { return a / gcd(a, b) * b }

func factor(n int) map[int]int {
	f := map[int]int{}
	for p := 2; p*p <= n; p++ {
		for n%p == 0 {
			f[p]++
			n /= p
		}
	}
	if n > 1 {
		f[n]++
	}
	return f
}

func main() {
	fmt.Println(gcd(84, 36), lcm(4, 6), gcd(17, 5))
	for _, n := range []int{360, 97, 1001, 1 << 20} {
		fmt.Println(n, factor(n))
	}
}
