package main

import (
	"fmt"
	"sort"
	"sync"
)

type job struct{ id, n int }
type res struct {
	job
	sq int
}

func (r res) String() string { return fmt.Sprintf("#%d:%d", r.id, r.sq) }

func main() {
	jobs := make(chan job)
	results := make(chan res)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				results <- res{j, j.n * j.n}
			}
		}()
	}
	go func() {
		for i := 0; i < 10; i++ {
			jobs <- job{i, i + 1}
		}
		close(jobs)
	}()
	go func() { wg.Wait(); close(results) }()
	var all []res
	for r := range results {
		all = append(all, r)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })
	fmt.Println(all)
	var ss []fmt.Stringer
	for _, r := range all[:3] {
		ss = append(ss, r)
	}
	fmt.Println(ss)
}
