package main

import "fmt"

func squares(yield func(int, int) bool) {
	defer fmt.Println("squares cleanup")
	for i := 1; ; i++ {
		if !yield(i, i*i) {
			return
		}
	}
}

func firstSquareAbove(limit int) int {
	for i, sq := range squares {
		if sq > limit {
			return i
		}
	}
	return -1
}

func main() {
	fmt.Println(firstSquareAbove(50))
}
