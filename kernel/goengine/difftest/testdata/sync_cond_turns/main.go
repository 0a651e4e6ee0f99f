package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	turn := 0
	var wg sync.WaitGroup
	var order []int
	for id := 0; id < 4; id++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			mu.Lock()
			for turn != id {
				cond.Wait()
			}
			order = append(order, id)
			turn++
			cond.Broadcast()
			mu.Unlock()
		}(id)
	}
	wg.Wait()
	fmt.Println(order)
}
