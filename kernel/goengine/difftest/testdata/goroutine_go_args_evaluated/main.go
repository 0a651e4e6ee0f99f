package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type worker struct {
	id  int
	out *[]string
	mu  *sync.Mutex
}

func (w worker) run(job string, wg *sync.WaitGroup) {
	defer wg.Done()
	w.mu.Lock()
	*w.out = append(*w.out, fmt.Sprintf("w%d:%s", w.id, job))
	w.mu.Unlock()
}

func record(mu *sync.Mutex, out *[]string, s string, wg *sync.WaitGroup) {
	defer wg.Done()
	mu.Lock()
	*out = append(*out, s)
	mu.Unlock()
}

func main() {
	var out []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	w := worker{1, &out, &mu}
	job := "a"
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go w.run(job, &wg)
		w.id++
		job += "a"
	}
	s := "x"
	wg.Add(2)
	go record(&mu, &out, s, &wg)
	s = "y"
	go record(&mu, &out, strings.ToUpper(s), &wg)
	s = "z"
	wg.Wait()
	sort.Strings(out)
	fmt.Println(out)
	results := make([]string, 3)
	var wg2 sync.WaitGroup
	fill := func(i int, v string) {
		defer wg2.Done()
		results[i] = v
	}
	names := []string{"p", "q", "r"}
	for i := range names {
		wg2.Add(1)
		go fill(i, names[i])
	}
	names[0] = "changed"
	wg2.Wait()
	fmt.Println(results)
	var once sync.Once
	var wg3 sync.WaitGroup
	counter := 0
	for i := 0; i < 5; i++ {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			once.Do(func() { counter += 10 })
		}()
	}
	wg3.Wait()
	fmt.Println(counter)
}
