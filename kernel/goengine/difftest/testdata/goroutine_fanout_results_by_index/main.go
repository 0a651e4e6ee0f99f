package main

import (
	"fmt"
	"strings"
	"sync"
)

type result struct {
	idx   int
	upper string
	err   error
}

func work(i int, s string) result {
	if s == "" {
		return result{idx: i, err: fmt.Errorf("item %d: empty", i)}
	}
	return result{idx: i, upper: strings.ToUpper(s)}
}

func main() {
	inputs := []string{"alpha", "", "gamma", "delta", ""}
	results := make([]result, len(inputs))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results[i] = work(i, inputs[i])
			}
		}()
	}
	for i := range inputs {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	failed := 0
	for _, r := range results {
		if r.err != nil {
			failed++
			fmt.Println("error:", r.err)
			continue
		}
		fmt.Println(r.idx, r.upper)
	}
	fmt.Println("failed", failed)
}
