package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	squares := make([]int, 6)
	for i := range squares {
		square := func(i int) func() { return func() { squares[i] = i * i } }
		wg.Go(square(i))
	}
	wg.Wait()
	fmt.Println(squares)
}
