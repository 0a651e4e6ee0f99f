// culab patch 80: sync/atomic.Pointer[T] (source) next to the compiled
// sync/atomic.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type node struct {
	name string
	next *node
}

func main() {
	var head atomic.Pointer[node]
	fmt.Println(head.Load() == nil, head.CompareAndSwap(nil, &node{name: "a"}))
	var wg sync.WaitGroup
	var n atomic.Int64
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for {
				old := head.Load()
				if head.CompareAndSwap(old, &node{name: "x", next: old}) {
					n.Add(1)
					return
				}
			}
		}(i)
	}
	wg.Wait()
	count := 0
	for p := head.Load(); p != nil; p = p.next {
		count++
	}
	fmt.Println(count, n.Load())
	old := head.Swap(nil)
	fmt.Println(old != nil, head.Load() == nil)
	var s atomic.Pointer[string]
	v := "v"
	s.Store(&v)
	fmt.Println(*s.Load(), s.CompareAndSwap(nil, nil))
}

// Output:
// true true
// 9 8
// true true
// v false
