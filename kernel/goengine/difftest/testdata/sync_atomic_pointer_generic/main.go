package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type config struct {
	name    string
	version int
}

func main() {
	var cur atomic.Pointer[config]
	fmt.Println(cur.Load() == nil)
	cur.Store(&config{"init", 1})
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				old := cur.Load()
				next := &config{old.name, old.version + 1}
				if cur.CompareAndSwap(old, next) {
					return
				}
			}
		}()
	}
	wg.Wait()
	c := cur.Load()
	fmt.Println(c.name, c.version)
	prev := cur.Swap(&config{"new", 0})
	fmt.Println(prev.version, cur.Load().name)
}
