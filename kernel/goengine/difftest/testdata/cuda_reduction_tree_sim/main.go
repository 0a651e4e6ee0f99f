package main

import (
	"fmt"
	"sync"
)

// blockReduce emulates a shared-memory tree reduction: one goroutine per
// thread, a WaitGroup as __syncthreads between the halving steps.
func blockReduce(in []float32) float32 {
	shared := make([]float32, len(in))
	copy(shared, in)
	for s := len(shared) / 2; s > 0; s >>= 1 {
		var wg sync.WaitGroup
		for tid := 0; tid < s; tid++ {
			wg.Add(1)
			go func(tid int) {
				defer wg.Done()
				shared[tid] += shared[tid+s]
			}(tid)
		}
		wg.Wait()
	}
	return shared[0]
}

func main() {
	const n = 1024
	data := make([]float32, n)
	for i := range data {
		data[i] = 0.1
	}
	var serial float32
	for _, v := range data {
		serial += v
	}
	tree := blockReduce(data)
	fmt.Println(serial, tree, serial == tree)
	fmt.Printf("%.6f %.6f\n", serial, tree)
	ints := make([]float32, 256)
	for i := range ints {
		ints[i] = float32(i + 1)
	}
	fmt.Println(blockReduce(ints))
	partial := make([]float32, 4)
	for b := range partial {
		partial[b] = blockReduce(data[b*256 : (b+1)*256])
	}
	fmt.Println(partial, blockReduce(partial))
}
