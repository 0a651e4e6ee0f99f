package main

import (
	"fmt"
	"sort"
)

type result struct {
	job, worker, out int
}

func worker(id int, jobs <-chan int, results chan<- result) {
	for j := range jobs {
		results <- result{j, id, j * 2}
	}
}

func main() {
	jobs := make(chan int, 10)
	results := make(chan result, 10)
	for w := 1; w <= 3; w++ {
		go worker(w, jobs, results)
	}
	for j := 1; j <= 9; j++ {
		jobs <- j
	}
	close(jobs)
	var outs []int
	for i := 0; i < 9; i++ {
		r := <-results
		outs = append(outs, r.out)
	}
	sort.Ints(outs)
	fmt.Println(outs)
}
