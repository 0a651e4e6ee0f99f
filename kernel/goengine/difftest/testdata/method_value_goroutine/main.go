package main

import (
	"fmt"
	"sync"
)

type tally struct {
	mu sync.Mutex
	n  int
}

func (t *tally) Add(k int, wg *sync.WaitGroup) {
	defer wg.Done()
	t.mu.Lock()
	t.n += k
	t.mu.Unlock()
}

func main() {
	var t tally
	var wg sync.WaitGroup
	add := t.Add
	for i := 1; i <= 10; i++ {
		wg.Add(1)
		go add(i, &wg)
	}
	wg.Wait()
	fmt.Println(t.n)
}
