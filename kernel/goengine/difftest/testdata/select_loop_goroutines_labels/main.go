package main

import (
	"fmt"
	"sort"
	"sync"
)

func producer(id, n int, out chan<- [2]int, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; i < n; i++ {
		out <- [2]int{id, i}
	}
}

func main() {
	out := make(chan [2]int)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for id := 0; id < 3; id++ {
		wg.Add(1)
		go producer(id, 4, out, &wg)
	}
	go func() { wg.Wait(); close(done) }()
	var got [][2]int
	skipped := 0
recv:
	for {
		select {
		case v := <-out:
			if v[1] == 2 {
				skipped++
				continue recv
			}
			got = append(got, v)
		case <-done:
			break recv
		}
	}
	sort.Slice(got, func(i, j int) bool {
		if got[i][0] != got[j][0] {
			return got[i][0] < got[j][0]
		}
		return got[i][1] < got[j][1]
	})
	fmt.Println(len(got), skipped, got)

	results := make(chan int, 5)
	errs := make(chan error, 5)
	for i := range 5 {
		go func() {
			if i == 3 {
				errs <- fmt.Errorf("task %d failed", i)
				return
			}
			results <- i * i
		}()
	}
	sum, nerr := 0, 0
	for range 5 {
		select {
		case r := <-results:
			sum += r
		case e := <-errs:
			nerr++
			fmt.Println(e)
		}
	}
	fmt.Println(sum, nerr)
}
