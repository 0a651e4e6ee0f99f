package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var got []int
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			got = append(got, i*i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Ints(got)
	fmt.Println(got)

	results := make(chan string, 3)
	for _, name := range []string{"a", "b", "c"} {
		go func() { results <- name + name }()
	}
	var rs []string
	for range 3 {
		rs = append(rs, <-results)
	}
	sort.Strings(rs)
	fmt.Println(rs)

	var once sync.Once
	var calls int
	var wg2 sync.WaitGroup
	for range 4 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			once.Do(func() { calls++ })
		}()
	}
	wg2.Wait()
	fmt.Println(calls)
}
