package main

import (
	"fmt"
	"sort"
	"sync"
)

type gate struct {
	mu     sync.Mutex
	cond   *sync.Cond
	open   bool
	passed []int
}

func newGate() *gate {
	g := &gate{}
	g.cond = sync.NewCond(&g.mu)
	return g
}

func (g *gate) wait(id int, ready *sync.WaitGroup, done *sync.WaitGroup) {
	defer done.Done()
	g.mu.Lock()
	ready.Done()
	for !g.open {
		g.cond.Wait()
	}
	g.passed = append(g.passed, id)
	g.mu.Unlock()
}

func main() {
	g := newGate()
	var ready, done sync.WaitGroup
	for id := range 4 {
		ready.Add(1)
		done.Add(1)
		go g.wait(id, &ready, &done)
	}
	ready.Wait()
	g.mu.Lock()
	g.open = true
	g.cond.Broadcast()
	g.mu.Unlock()
	done.Wait()
	sort.Ints(g.passed)
	fmt.Println("passed:", g.passed)

	results := make(chan string, 4)
	var once sync.Once
	var wg sync.WaitGroup
	for _, name := range []string{"x", "y", "z"} {
		wg.Add(1)
		go func(n string) {
			defer wg.Done()
			once.Do(func() { results <- "init" })
			results <- n
		}(name)
	}
	wg.Wait()
	close(results)
	var got []string
	for r := range results {
		got = append(got, r)
	}
	sort.Strings(got)
	fmt.Println(got, len(got))
}
