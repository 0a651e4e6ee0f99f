package main

import (
	"fmt"
	"iter"
)

type item struct {
	k string
	v int
}

func pairs(xs []item, log *[]string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		defer func() { *log = append(*log, "iter done") }()
		for _, x := range xs {
			if !yield(x.k, x.v) {
				*log = append(*log, "stopped at "+x.k)
				return
			}
		}
	}
}

func find(xs []item, target int) (k string) {
	var log []string
	defer func() { fmt.Println("log:", log) }()
	for kk, v := range pairs(xs, &log) {
		defer func() { log = append(log, "defer "+kk) }()
		if v == target {
			return kk
		}
	}
	return "none"
}

func main() {
	xs := []item{{"a", 1}, {"b", 2}, {"c", 3}}
	fmt.Println(find(xs, 2))
	fmt.Println(find(xs, 9))
	var log []string
	n := 0
outer:
	for k, v := range pairs(xs, &log) {
		for k2, v2 := range pairs(xs, &log) {
			if v2 > v {
				continue outer
			}
			if k == "c" && k2 == "b" {
				break outer
			}
			n++
		}
	}
	fmt.Println(n, log)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		for k := range pairs(xs, &log) {
			if k == "b" {
				panic("boom at " + k)
			}
		}
	}()
	fmt.Println(log[len(log)-1])
}
