package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var fs []func() string
outer:
	for i := 0; i < 4; i++ {
		for j := range 3 {
			if j > i {
				continue outer
			}
			if i == 3 {
				break outer
			}
			fs = append(fs, func() string { return fmt.Sprint(i, j) })
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var mu sync.Mutex
	var wg sync.WaitGroup
	var got []string
	for _, w := range []string{"a", "b", "c"} {
		for k := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mu.Lock()
				got = append(got, fmt.Sprint(w, k))
				mu.Unlock()
			}()
		}
	}
	wg.Wait()
	sort.Strings(got)
	fmt.Println(got)

	ptrs := map[string]*int{}
	for i, name := range []string{"x", "y"} {
		ptrs[name] = &i
	}
	*ptrs["x"] += 10
	fmt.Println(*ptrs["x"], *ptrs["y"])

	var counters []func() int
	for i := range 2 {
		n := i * 10
		counters = append(counters, func() int { n++; return n })
	}
	fmt.Println(counters[0](), counters[0](), counters[1]())
}
