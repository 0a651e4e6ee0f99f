// atomic.Value and atomic.Pointer holding a cell struct: readers load a
// consistent configuration while a writer swaps it.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type config struct {
	Name    string
	Workers int
	Tags    map[string]bool
}

func main() {
	var v atomic.Value
	v.Store(config{Name: "a", Workers: 1})
	var p atomic.Pointer[config]
	p.Store(&config{Name: "p1", Workers: 2})

	var wg sync.WaitGroup
	var seen atomic.Int64
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := v.Load().(config)
			if c.Workers >= 1 {
				seen.Add(1)
			}
			_ = i
		}()
	}
	wg.Wait()
	v.Store(config{Name: "b", Workers: 8, Tags: map[string]bool{"fast": true}})
	old := p.Swap(&config{Name: "p2", Workers: 3})
	c := v.Load().(config)
	fmt.Println(seen.Load(), c.Name, c.Workers, c.Tags["fast"], old.Name, p.Load().Name)
	fmt.Println(p.CompareAndSwap(old, &config{}), p.Load().Workers)
	defer func() { fmt.Println("recovered:", recover()) }()
	v.Store("not a config")
}
