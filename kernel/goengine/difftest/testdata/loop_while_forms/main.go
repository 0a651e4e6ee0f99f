package main

import "fmt"

func main() {
	n := 27
	steps := 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	fmt.Println("steps", steps)
	k := 0
	for {
		k++
		if k*k > 50 {
			break
		}
	}
	fmt.Println("k", k)
	for i, j := 0, 10; i < j; i, j = i+1, j-2 {
		fmt.Print(i, ",", j, " ")
	}
	fmt.Println()
}
