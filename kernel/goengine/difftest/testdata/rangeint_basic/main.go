package main

import "fmt"

func main() {
	for i := range 5 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	count := 0
	for range 7 {
		count++
	}
	fmt.Println("count", count)
	n := 0
	for range n {
		fmt.Println("never")
	}
	neg := -3
	for i := range neg {
		fmt.Println("never", i)
	}
	fmt.Println("end")
}
