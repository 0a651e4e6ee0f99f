package main

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

func main() {
	// Each iteration has its own word and i (Go 1.22): the goroutines
	// need not be passed them.
	words := []string{"go", "rust", "zig", "c"}
	var mu sync.Mutex
	lengths := map[string]int{}
	var wg sync.WaitGroup
	for i, w := range words {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			lengths[fmt.Sprintf("%d:%s", i, w)] = len(w)
		}()
	}
	wg.Wait()
	keys := make([]string, 0, len(lengths))
	for k := range lengths {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	fmt.Println(strings.Join(keys, " "), lengths["1:rust"])

	results := make([]int, 5)
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * i
		}()
	}
	wg.Wait()
	fmt.Println(results)
}
