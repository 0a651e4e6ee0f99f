package main

import (
	"fmt"
	"iter"
)

func countdown(from int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := from; i > 0; i-- {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	for n := range countdown(5) {
		fmt.Print(n, " ")
	}
	fmt.Println("liftoff")
}
