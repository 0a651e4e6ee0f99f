package main

import (
	"fmt"
	"sync"
)

func main() {
	sem := make(chan struct{}, 2)
	var mu sync.Mutex
	active, peak := 0, 0
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			mu.Lock()
			active++
			peak = max(peak, active)
			mu.Unlock()
			mu.Lock()
			active--
			mu.Unlock()
			<-sem
		}()
	}
	wg.Wait()
	fmt.Println("peak within limit:", peak <= 2, "active:", active)
}
