package main

import "fmt"

type Count uint8

func main() {
	// A multiplication table with range over int, the bound evaluated once.
	n := 4
	for i := range n {
		for j := range i + 1 {
			fmt.Printf("%3d", (i+1)*(j+1))
		}
		fmt.Println()
	}
	var c Count = 3
	for k := range c {
		fmt.Printf("%T %d\n", k, k)
	}
	hits := 0
	for range 5 {
		hits++
	}
	fmt.Println("hits", hits)
	for i := range 0 {
		fmt.Println("never", i)
	}
}
