package main

import (
	"fmt"
	"sort"
	"sync"
)

// The goroutines read i only after the loop has ended: each must still
// see its own iteration's value.
func main() {
	start := make(chan struct{})
	var mu sync.Mutex
	var wg sync.WaitGroup
	var seen []int
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			mu.Lock()
			seen = append(seen, i)
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	sort.Ints(seen)
	fmt.Println(seen)
}
