package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"sync"
)

func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	var fs []func() int
	for i := range count(4) {
		fs = append(fs, func() int { return i * i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var mu sync.Mutex
	got := map[int]int{}
	var wg sync.WaitGroup
	for i := range count(5) {
		wg.Go(func() {
			mu.Lock()
			got[i] = i * 10
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Println(slices.Sorted(maps.Keys(got)), got[4])
	res := func() (out []string) {
		for i := range count(3) {
			defer func() { out = append(out, fmt.Sprint("d", i)) }()
		}
		return []string{"body"}
	}()
	fmt.Println(res)
	ptrs := []*int{}
	for k, v := range maps.All(map[string]int{"a": 1}) {
		ptrs = append(ptrs, &v)
		_ = k
	}
	*ptrs[0] = 5
	fmt.Println(*ptrs[0])
	sum := 0
	for i := range count(10) {
		if i%2 == 0 {
			continue
		}
		if i > 7 {
			break
		}
		sum += i
	}
	fmt.Println(sum)
}
