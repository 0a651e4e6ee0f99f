package main

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

type result struct {
	idx int
	val string
	err error
}

func work(i int) (string, error) {
	if i == 3 {
		return "", fmt.Errorf("task %d: %w", i, errInvalid)
	}
	return fmt.Sprintf("r%d", i*i), nil
}

var errInvalid = errors.New("invalid")

func main() {
	results := make(chan result)
	var wg sync.WaitGroup
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			v, err := work(i)
			results <- result{i, v, err}
		}(i)
	}
	go func() { wg.Wait(); close(results) }()
	var all []result
	for r := range results {
		all = append(all, r)
	}
	sort.Slice(all, func(a, b int) bool { return all[a].idx < all[b].idx })
	var errs []error
	for _, r := range all {
		if r.err != nil {
			errs = append(errs, r.err)
			continue
		}
		fmt.Println(r.idx, r.val)
	}
	err := errors.Join(errs...)
	fmt.Println(err, errors.Is(err, errInvalid))
	sem := make(chan struct{}, 2)
	var mu sync.Mutex
	maxActive, active := 0, 0
	for i := 0; i < 6; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			mu.Lock()
			active++
			if active > maxActive {
				maxActive = active
			}
			mu.Unlock()
			mu.Lock()
			active--
			mu.Unlock()
			<-sem
		}()
	}
	wg.Wait()
	fmt.Println(maxActive <= 2, active)
}
