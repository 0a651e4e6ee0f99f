package main

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
)

type stats struct {
	mu   sync.Mutex
	hits map[string]int
	tot  atomic.Int64
}

func (s *stats) hit(k string) {
	s.tot.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hits[k]++
}

type lazy struct {
	once sync.Once
	val  []int
}

func (l *lazy) get() []int {
	l.once.Do(func() { l.val = []int{1, 2, 3} })
	return l.val
}

func main() {
	s := &stats{hits: map[string]int{}}
	var wg sync.WaitGroup
	for i := 0; i < 30; i++ {
		wg.Go(func() { s.hit([]string{"a", "b", "c"}[i%3]) })
	}
	wg.Wait()
	keys := []string{}
	for k := range s.hits {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Print(k, "=", s.hits[k], " ")
	}
	fmt.Println(s.tot.Load())
	var l lazy
	var res [4][]int
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			res[i] = l.get()
		}(i)
	}
	wg.Wait()
	fmt.Println(res)
	var flag atomic.Bool
	fmt.Println(flag.CompareAndSwap(false, true), flag.Load(), flag.Swap(false))
	var v atomic.Value
	v.Store([]string{"x"})
	fmt.Println(v.Load().([]string))
	rw := sync.RWMutex{}
	rw.RLock()
	rw.RLock()
	ok := rw.TryLock()
	rw.RUnlock()
	rw.RUnlock()
	fmt.Println(ok, rw.TryLock())
	cond := sync.NewCond(&sync.Mutex{})
	ready := false
	done := make(chan bool)
	go func() {
		cond.L.Lock()
		for !ready {
			cond.Wait()
		}
		cond.L.Unlock()
		done <- true
	}()
	cond.L.Lock()
	ready = true
	cond.Broadcast()
	cond.L.Unlock()
	fmt.Println(<-done)
}
