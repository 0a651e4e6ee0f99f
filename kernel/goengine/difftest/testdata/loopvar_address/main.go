package main

import "fmt"

func main() {
	var ptrs []*int
	for i := 0; i < 4; i++ {
		ptrs = append(ptrs, &i)
	}
	for _, p := range ptrs {
		fmt.Print(*p, " ")
	}
	fmt.Println()
	fmt.Println("distinct:", ptrs[0] != ptrs[1])
}
