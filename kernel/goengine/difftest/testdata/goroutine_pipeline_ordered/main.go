package main

import (
	"fmt"
	"sync"
)

func gen(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, n := range nums {
			out <- n
		}
	}()
	return out
}

func square(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			out <- n * n
		}
	}()
	return out
}

type result struct {
	idx, val int
}

func main() {
	for v := range square(square(gen(1, 2, 3))) {
		fmt.Print(v, " ")
	}
	fmt.Println()

	inputs := []int{5, 3, 8, 1, 9, 2}
	results := make([]int, len(inputs))
	var wg sync.WaitGroup
	for i, n := range inputs {
		wg.Add(1)
		go func(i, n int) {
			defer wg.Done()
			results[i] = n * 10
		}(i, n)
	}
	wg.Wait()
	fmt.Println(results)

	jobs := make(chan int, len(inputs))
	res := make(chan result, len(inputs))
	var workers sync.WaitGroup
	for w := 0; w < 3; w++ {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for j := range jobs {
				res <- result{j, inputs[j] + 100}
			}
		}()
	}
	for j := range inputs {
		jobs <- j
	}
	close(jobs)
	workers.Wait()
	close(res)
	ordered := make([]int, len(inputs))
	for r := range res {
		ordered[r.idx] = r.val
	}
	fmt.Println(ordered)

	var mu sync.Mutex
	total := 0
	var wg2 sync.WaitGroup
	for i := 1; i <= 100; i++ {
		wg2.Add(1)
		go func(n int) {
			defer wg2.Done()
			mu.Lock()
			total += n
			mu.Unlock()
		}(i)
	}
	wg2.Wait()
	fmt.Println(total)
}
