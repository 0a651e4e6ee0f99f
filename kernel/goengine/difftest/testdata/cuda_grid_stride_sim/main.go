package main

import (
	"fmt"
	"sync"
)

type dim3 struct{ X, Y, Z int }

// launch runs kernel once per thread; each block is a goroutine, as a
// student emulates a CUDA launch on the host.
func launch(grid, block dim3, kernel func(blockIdx, threadIdx dim3)) {
	var wg sync.WaitGroup
	for bx := 0; bx < grid.X; bx++ {
		wg.Add(1)
		go func(bx int) {
			defer wg.Done()
			for tx := 0; tx < block.X; tx++ {
				kernel(dim3{bx, 0, 0}, dim3{tx, 0, 0})
			}
		}(bx)
	}
	wg.Wait()
}

func main() {
	const n = 37
	x := make([]float32, n)
	y := make([]float32, n)
	for i := range x {
		x[i] = float32(i)
		y[i] = 1
	}
	grid, block := dim3{X: 3}, dim3{X: 4}
	var visits [n]int
	launch(grid, block, func(b, t dim3) {
		stride := grid.X * block.X
		for i := b.X*block.X + t.X; i < n; i += stride {
			y[i] = 2*x[i] + y[i]
			visits[i]++
		}
	})
	fmt.Println(y[:5], y[n-3:])
	ok := true
	for _, v := range visits {
		ok = ok && v == 1
	}
	fmt.Println("each once:", ok)
	blocks := (n + block.X - 1) / block.X
	fmt.Printf("%d blocks of %d for %d elements, last block uses %d threads\n", blocks, block.X, n, n-(blocks-1)*block.X)
}
