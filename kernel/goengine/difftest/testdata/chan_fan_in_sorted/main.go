package main

import (
	"fmt"
	"sort"
	"sync"
)

func merge(chs ...<-chan string) <-chan string {
	out := make(chan string)
	var wg sync.WaitGroup
	for _, c := range chs {
		wg.Add(1)
		go func(c <-chan string) {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}(c)
	}
	go func() { wg.Wait(); close(out) }()
	return out
}

func source(prefix string, n int) <-chan string {
	c := make(chan string)
	go func() {
		defer close(c)
		for i := 0; i < n; i++ {
			c <- fmt.Sprint(prefix, i)
		}
	}()
	return c
}

func main() {
	var all []string
	for v := range merge(source("a", 3), source("b", 2), source("c", 4)) {
		all = append(all, v)
	}
	sort.Strings(all)
	fmt.Println(all, len(all))
}
