package main

import "fmt"

func main() {
	grid := [][]int{{1, 2, 3}, {4, -5, 6}, {7, 8, -9}, {10, 11, 12}}
	var clean []int
rows:
	for r, row := range grid {
		for _, v := range row {
			if v < 0 {
				continue rows
			}
		}
		clean = append(clean, r)
	}
	fmt.Println("rows without negatives:", clean)

	primes := []int{}
outer:
	for n := 2; len(primes) < 8; n++ {
		for _, p := range primes {
			if p*p > n {
				break
			}
			if n%p == 0 {
				continue outer
			}
		}
		primes = append(primes, n)
	}
	fmt.Println(primes)

	found := false
search:
	for i := 0; i < 3; i++ {
		switch {
		case i == 1:
			found = true
			break search
		default:
			fmt.Println("checked", i)
		}
	}
	fmt.Println("found", found)
}
