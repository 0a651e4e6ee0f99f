package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type stats struct {
	mu     sync.Mutex
	counts map[string]int
	total  int
}

func (s *stats) add(word string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts[word]++
	s.total++
}

func main() {
	text := []string{"go is fun", "fun is go", "go go go"}
	s := &stats{counts: map[string]int{}}
	var wg sync.WaitGroup
	for _, line := range text {
		wg.Add(1)
		go func(l string) {
			defer wg.Done()
			for _, w := range strings.Fields(l) {
				s.add(w)
			}
		}(line)
	}
	wg.Wait()
	keys := make([]string, 0, len(s.counts))
	for k := range s.counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d ", k, s.counts[k])
	}
	fmt.Println(s.total)
	results := make([]int, 5)
	var wg2 sync.WaitGroup
	for i := range results {
		wg2.Add(1)
		go func(i int) {
			defer wg2.Done()
			results[i] = i * i
		}(i)
	}
	wg2.Wait()
	fmt.Println(results)
}
