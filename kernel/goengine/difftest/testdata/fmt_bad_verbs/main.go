package main

import "fmt"

func main() {
	fmt.Printf("%d\n", "str")
	fmt.Printf("%d %d\n", 1)
	fmt.Printf("%d\n", 1, 2)
	fmt.Printf("%z\n", 3)
	fmt.Printf("%s\n", 42)
	fmt.Printf("%!\n")
	fmt.Printf("%.2s|%x\n", true, 1.5)
	fmt.Println(fmt.Sprintf("%[3]d", 1, 2))
}
