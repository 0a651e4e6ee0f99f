package main

import "fmt"

func main() {
	fmt.Printf("%[2]d %[1]d %d\n", 10, 20)
	fmt.Printf("%[1]s %[1]q %[1]x\n", "go")
	fmt.Printf("|%*d|%-*d|\n", 6, 42, 6, 42)
	fmt.Printf("|%.*f|%*.*f|\n", 2, 3.14159, 8, 3, 2.71828)
	fmt.Printf("%[3]*.[2]*[1]f|\n", 12.0, 2, 6)
	fmt.Printf("%v %[1]T\n", 3+4i)
}
