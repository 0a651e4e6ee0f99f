package main

import (
	"container/list"
	"fmt"
	"sort"
	"sync"
)

// culab patch 67: a function literal given to a compiled function in a
// loop closes over that iteration's variables, also when it runs later.

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	for i := 1; i <= 4; i++ {
		wg.Go(func() {
			mu.Lock()
			total += i
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Println(total)

	l := list.New()
	for _, w := range []string{"a", "b", "c"} {
		l.PushBack(func() string { return w + w })
	}
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value.(func() string)(), " ")
	}
	fmt.Println()

	var later []func() int
	for i := range 3 {
		xs := []int{3, 1, 2}
		sort.Slice(xs, func(a, b int) bool { return xs[a]*i < xs[b]*i })
		later = append(later, func() int { return xs[0] + i })
	}
	for _, f := range later {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

// Output:
// 10
// aa bb cc
// 3 2 3
