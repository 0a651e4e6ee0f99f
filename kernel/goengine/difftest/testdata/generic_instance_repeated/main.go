package main

import "fmt"

type Celsius float64

type Reading[K comparable, V any] struct {
	Key K
	Val V
}

func main() {
	first := Reading[string, Celsius]{"kitchen", 21.5}
	fmt.Println("first:", first.Key, float64(first.Val))
	total := float64(first.Val)
	total += 1
	fmt.Println("total:", total)
	second := Reading[string, Celsius]{"garage", 12}
	fmt.Println("second:", second.Key, float64(second.Val))
	fmt.Println("done")
}
