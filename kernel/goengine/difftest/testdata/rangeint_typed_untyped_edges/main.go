package main

import "fmt"

type level uint8

const three = 3

func main() {
	for i := range three {
		fmt.Printf("%T %d ", i, i)
	}
	fmt.Println()
	var n int64 = 2
	for i := range n {
		fmt.Printf("%T %d ", i, i)
	}
	fmt.Println()
	for l := range level(3) {
		fmt.Printf("%T %d ", l, l)
	}
	fmt.Println()
	count := 0
	for range -5 {
		count++
	}
	for range 0 {
		count++
	}
	fmt.Println("negative and zero:", count)
	m := 4
	for i := range m {
		m = 1
		fmt.Print(i)
	}
	fmt.Println(" m =", m)
	var u uint = 3
	for i := range u {
		fmt.Print(u - i)
	}
	fmt.Println()
}
