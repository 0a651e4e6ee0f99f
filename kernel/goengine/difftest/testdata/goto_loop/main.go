package main

import "fmt"

func main() {
	i := 0
loop:
	if i < 5 {
		fmt.Print(i, " ")
		i++
		goto loop
	}
	fmt.Println()
	n := 10
	if n > 5 {
		goto big
	}
	fmt.Println("small")
	return
big:
	fmt.Println("big", n)
}
