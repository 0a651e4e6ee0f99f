package main

import (
	"fmt"
	"iter"
)

func pairs(n int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i, i*i) {
				return
			}
		}
	}
}

func collect() (fns []func() int, log []string) {
	defer func() { log = append(log, "collect done") }()
outer:
	for i, sq := range pairs(6) {
		for j := range pairs(3) {
			if j > i {
				continue outer
			}
			if i == 4 {
				break outer
			}
		}
		defer func() { log = append(log, fmt.Sprint("deferred ", i)) }()
		fns = append(fns, func() int { return i*100 + sq })
	}
	return fns, log
}

func first(seq iter.Seq2[int, int], pred func(int) bool) (int, bool) {
	for k, v := range seq {
		if pred(v) {
			return k, true
		}
	}
	return -1, false
}

func main() {
	fns, log := collect()
	for _, f := range fns {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	fmt.Println(log)
	fmt.Println(first(pairs(10), func(v int) bool { return v > 20 }))
	fmt.Println(first(pairs(3), func(v int) bool { return v > 20 }))
}
