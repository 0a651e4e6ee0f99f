package main

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

type task struct {
	id int
	fn func() int
}

type outcome struct {
	id  int
	val int
	err error
}

func safeRun(t task) (o outcome) {
	o.id = t.id
	defer func() {
		if r := recover(); r != nil {
			o.err = fmt.Errorf("task %d panicked: %v", t.id, r)
		}
	}()
	o.val = t.fn()
	return
}

func main() {
	zero := 0
	var arr []int
	tasks := []task{
		{1, func() int { return 42 }},
		{2, func() int { return 10 / zero }},
		{3, func() int { return arr[3] }},
		{4, func() int { panic(errors.New("custom")) }},
		{5, func() int { var m map[string]int; m["x"] = 1; return 0 }},
	}
	results := make(chan outcome)
	var wg sync.WaitGroup
	for _, t := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- safeRun(t)
		}()
	}
	go func() { wg.Wait(); close(results) }()
	var all []outcome
	for o := range results {
		all = append(all, o)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })
	for _, o := range all {
		fmt.Println(o.id, o.val, o.err)
	}
}
