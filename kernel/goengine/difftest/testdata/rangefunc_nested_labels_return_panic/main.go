package main

import (
	"fmt"
	"iter"
)

func count(n int, log *[]string) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer func() { *log = append(*log, fmt.Sprintf("count(%d) done", n)) }()
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func pairs(log *[]string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for _, k := range []string{"a", "b", "c"} {
			for v := range count(3, log) {
				if !yield(k, v) {
					return
				}
			}
		}
	}
}

func find(log *[]string, target int) (string, int) {
	for k, v := range pairs(log) {
		if k == "b" && v == target {
			return k, v
		}
	}
	return "", -1
}

func safe(log *[]string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for i := range count(5, log) {
		if i == 2 {
			panic("boom at 2")
		}
	}
	return nil
}

func main() {
	var log []string
	fmt.Println(find(&log, 1))
	fmt.Println(log)
	log = nil
outer:
	for _, row := range []int{10, 20, 30} {
		for i := range count(4, &log) {
			if row == 20 && i == 1 {
				continue outer
			}
			if row == 30 && i == 2 {
				break outer
			}
			fmt.Print(row+i, " ")
		}
	}
	fmt.Println()
	fmt.Println(len(log), log[len(log)-1])
	log = nil
	fmt.Println(safe(&log), log)
}
