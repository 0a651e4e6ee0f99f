package main

import (
	"fmt"
	"sync"
)

func parallelMap(xs []int, f func(int) int) []int {
	out := make([]int, len(xs))
	var wg sync.WaitGroup
	for i, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = f(x)
		}()
	}
	wg.Wait()
	return out
}

func main() {
	sq := func(n int) int { return n * n }
	fmt.Println(parallelMap([]int{1, 2, 3, 4}, sq))
	var mu sync.Mutex
	total := 0
	var wg sync.WaitGroup
	for i := 1; i <= 100; i++ {
		wg.Go(func() {
			mu.Lock()
			total += i
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Println(total)
	var once sync.Once
	calls := 0
	for i := 0; i < 3; i++ {
		once.Do(func() { calls++ })
	}
	fmt.Println(calls)
	errs := make([]error, 3)
	var wg2 sync.WaitGroup
	for i := range errs {
		wg2.Add(1)
		go func(i int) {
			defer wg2.Done()
			if i%2 == 1 {
				errs[i] = fmt.Errorf("task %d failed", i)
			}
		}(i)
	}
	wg2.Wait()
	fmt.Println(errs)
}
