package main

import (
	"fmt"
	"sync"
)

func main() {
	start := make(chan struct{})
	results := make([]int, 5)
	var wg sync.WaitGroup
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			results[i] = i * i
		}(i)
	}
	close(start)
	wg.Wait()
	fmt.Println(results)
}
