package main

import "fmt"

func limit() int {
	fmt.Println("limit called")
	return 3
}

func main() {
	n := 3
	for i := range n {
		n = 10
		fmt.Println(i, n)
	}
	for i := range limit() {
		fmt.Println("i", i)
	}
}
