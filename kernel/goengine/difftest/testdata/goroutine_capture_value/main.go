package main

import (
	"fmt"
	"sync"
)

type job struct {
	id    int
	input [3]int
}

func main() {
	jobs := []job{{1, [3]int{1, 2, 3}}, {2, [3]int{4, 5, 6}}, {3, [3]int{7, 8, 9}}}
	results := make([]int, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func(j job) {
			defer wg.Done()
			s := 0
			for _, v := range j.input {
				s += v
			}
			j.input[0] = -1
			results[i] = s * j.id
		}(j)
	}
	wg.Wait()
	fmt.Println(results, jobs[0].input)
	var mu sync.Mutex
	total := 0
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total += j.id
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(total)
}
