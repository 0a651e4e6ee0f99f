package main

import (
	"errors"
	"fmt"
	"sort"
)

type result struct {
	id  int
	val int
	err error
}

var errOdd = errors.New("odd input")

func worker(jobs <-chan int, out chan<- result) {
	for j := range jobs {
		if j%2 == 1 {
			out <- result{id: j, err: fmt.Errorf("job %d: %w", j, errOdd)}
			continue
		}
		out <- result{id: j, val: j * 100}
	}
}

func main() {
	jobs := make(chan int)
	out := make(chan result)
	done := make(chan struct{})
	for w := 0; w < 3; w++ {
		go func() {
			worker(jobs, out)
			done <- struct{}{}
		}()
	}
	go func() {
		for i := 0; i < 6; i++ {
			jobs <- i
		}
		close(jobs)
	}()
	go func() {
		for w := 0; w < 3; w++ {
			<-done
		}
		close(out)
	}()
	var rs []result
	for r := range out {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].id < rs[j].id })
	failed := 0
	for _, r := range rs {
		if errors.Is(r.err, errOdd) {
			failed++
			fmt.Println(r.id, r.err)
			continue
		}
		fmt.Println(r.id, r.val)
	}
	fmt.Println("failed:", failed)
}
