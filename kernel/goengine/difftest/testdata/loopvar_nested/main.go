package main

import "fmt"

func main() {
	var cells []func() string
	for r := 0; r < 2; r++ {
		for c := 0; c < 3; c++ {
			cells = append(cells, func() string { return fmt.Sprintf("(%d,%d)", r, c) })
		}
	}
	for _, f := range cells {
		fmt.Print(f())
	}
	fmt.Println()
}
