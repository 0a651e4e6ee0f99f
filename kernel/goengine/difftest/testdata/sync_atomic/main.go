package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	var n atomic.Int64
	var hits int32
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			n.Add(int64(i))
			atomic.AddInt32(&hits, 1)
		}(i)
	}
	wg.Wait()
	fmt.Println(n.Load(), atomic.LoadInt32(&hits))
	var flag atomic.Bool
	fmt.Println(flag.CompareAndSwap(false, true), flag.CompareAndSwap(false, true), flag.Load())
	var v atomic.Value
	v.Store([]string{"cfg"})
	fmt.Println(v.Load().([]string))
}
