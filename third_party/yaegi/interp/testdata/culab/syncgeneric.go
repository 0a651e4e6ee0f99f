// culab patch 29: sync.OnceValue and OnceValues (source) next to the
// compiled sync.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); mu.Lock(); n++; mu.Unlock() }()
	}
	wg.Wait()
	f := sync.OnceValue(func() int { fmt.Println("computing"); return n * 10 })
	fmt.Println(f(), f())
	g := sync.OnceValue(func() int { panic("boom") })
	for i := 0; i < 2; i++ {
		func() {
			defer func() { fmt.Println("recovered", recover()) }()
			g()
		}()
	}
	var once sync.Once
	once.Do(func() { fmt.Println("once") })
	once.Do(func() { fmt.Println("twice") })
}

// Output:
// computing
// 40 40
// recovered boom
// recovered boom
// once
