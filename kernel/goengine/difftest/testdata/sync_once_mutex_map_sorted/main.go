package main

import (
	"fmt"
	"sort"
	"sync"
)

type registry struct {
	mu    sync.Mutex
	items map[string]int
	once  sync.Once
}

func (r *registry) init() { r.once.Do(func() { r.items = map[string]int{}; fmt.Println("init once") }) }

func (r *registry) add(k string, n int) {
	r.init()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items[k] += n
}

func main() {
	var r registry
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r.add(fmt.Sprint("k", i%3), i)
		}(i)
	}
	wg.Wait()
	keys := make([]string, 0)
	for k := range r.items {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, r.items[k])
	}
	var sm sync.Map
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			sm.Store(i, i*i)
		}(i)
	}
	wg.Wait()
	var pairs []string
	sm.Range(func(k, v any) bool {
		pairs = append(pairs, fmt.Sprintf("%d=%d", k, v))
		return true
	})
	sort.Strings(pairs)
	fmt.Println(pairs)
	v, loaded := sm.LoadOrStore(2, 100)
	fmt.Println(v, loaded)
	v, loaded = sm.LoadOrStore(9, 81)
	fmt.Println(v, loaded)
	sm.Delete(9)
	_, ok := sm.Load(9)
	fmt.Println(ok)
}
