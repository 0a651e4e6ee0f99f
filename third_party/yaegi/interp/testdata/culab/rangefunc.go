// culab patch 12: range over a function (Go 1.23).
package main

import (
	"errors"
	"fmt"
)

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				fmt.Print("(stopped at ", i, ") ")
				return
			}
		}
	}
}

func pairs(yield func(string, int) bool) {
	_ = yield("a", 1) && yield("b", 2) && yield("c", 3)
}

func three(yield func() bool) {
	_ = yield() && yield() && yield()
}

func find(n int) (int, string) {
	for i := range count(10) {
		if i == n {
			return i * 100, "found"
		}
	}
	return -1, "none"
}

type T struct{ xs []int }

func (t *T) All(yield func(int, int) bool) {
	for i, x := range t.xs {
		if !yield(i, x) {
			return
		}
	}
}

type Seq func(yield func(error) bool)

func errs(yield func(error) bool) {
	_ = yield(errors.New("e1")) && yield(nil)
}

func bad(yield func(int) bool) {
	yield(1)
	yield(2)
}

func main() {
	for i := range count(3) {
		fmt.Print(i, " ")
	}
	fmt.Println()
	for i := range count(10) {
		if i == 2 {
			continue
		}
		if i == 4 {
			break
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	for k, v := range pairs {
		fmt.Print(k, v, " ")
	}
	for k := range pairs {
		fmt.Print(k)
	}
	n := 0
	for range three {
		n++
	}
	fmt.Println("", n)
	fmt.Println(find(5))
	fmt.Println(find(50))

	var fs []func() int
	for i := range count(3) {
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	t := &T{xs: []int{5, 6, 7}}
	for i, x := range t.All {
		fmt.Print(i, x, " ")
	}
	var s Seq = errs
	for e := range s {
		fmt.Print(e, " ")
	}
	fmt.Println()

	func() {
		for i := range count(3) {
			defer fmt.Print("d", i, " ")
		}
		fmt.Print("end ")
	}()
	fmt.Println()

outer:
	for i := range count(3) {
		for j := range count(3) {
			if j == 1 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	for i := 0; i < 2; i++ {
		for j := range count(5) {
			if j == 1 {
				break
			}
			if i == 1 {
				goto done
			}
			fmt.Print(i, j, " ")
		}
	}
done:
	fmt.Println()

	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		for i := range count(3) {
			if i == 1 {
				panic("boom")
			}
		}
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		for range bad {
			break
		}
	}()
	sum := 0
	for i := range count(4) {
		for j := range count(i) {
			sum += j
		}
	}
	fmt.Println(sum)
}

// Output:
// 0 1 2
// 0 1 3 (stopped at 4)
// a1 b2 c3 abc 3
// (stopped at 5) 500 found
// -1 none
// 0 1 2 0 5 1 6 2 7 e1 <nil>
// end d2 d1 d0
// 0 0 (stopped at 1) 1 0 (stopped at 1) (stopped at 0) (stopped at 2)
// 0 0 (stopped at 1) (stopped at 0)
// recovered: boom
// recovered: runtime error: range function continued iteration after function for loop body returned false
// 4
