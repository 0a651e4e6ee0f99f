package main

import "fmt"

func main() {
	var fs []func() int
	for i := range 4 {
		fs = append(fs, func() int { return i * i })
	}
	sum := 0
	for _, f := range fs {
		sum += f()
		fmt.Print(f(), " ")
	}
	fmt.Println("sum", sum)
}
