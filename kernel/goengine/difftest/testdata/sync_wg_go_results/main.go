package main

import (
	"fmt"
	"sync"
)

type result struct {
	id  int
	val string
}

func (r result) String() string { return fmt.Sprintf("r%d:%s", r.id, r.val) }

func main() {
	var wg sync.WaitGroup
	out := make([]result, 8)
	for i := range out {
		wg.Go(func() {
			out[i] = result{i, fmt.Sprint(i * i)}
		})
	}
	wg.Wait()
	fmt.Println(out)

	var mu sync.Mutex
	sum := 0
	for i := 1; i <= 100; i++ {
		wg.Go(func() {
			mu.Lock()
			sum += i
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Println(sum)
}
