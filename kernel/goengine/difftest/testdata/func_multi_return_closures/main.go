package main

import (
	"errors"
	"fmt"
)

func divmod(a, b int) (q, r int, err error) {
	if b == 0 {
		err = errors.New("division by zero")
		return
	}
	return a / b, a % b, nil
}

func minmax(xs ...int) (lo, hi int) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		lo, hi = min(lo, x), max(hi, x)
	}
	return
}

func stack() (push func(int), pop func() (int, bool), size func() int) {
	var items []int
	push = func(v int) { items = append(items, v) }
	pop = func() (int, bool) {
		if len(items) == 0 {
			return 0, false
		}
		v := items[len(items)-1]
		items = items[:len(items)-1]
		return v, true
	}
	size = func() int { return len(items) }
	return
}

func pass(a, b int) (int, int) { return b, a }

func sum(a, b int) int { return a + b }

func main() {
	fmt.Println(divmod(17, 5))
	fmt.Println(divmod(1, 0))
	fmt.Println(minmax(3, -1, 9, 4))
	push, pop, size := stack()
	push(1)
	push(2)
	v, ok := pop()
	fmt.Println(v, ok, size())
	pop()
	v, ok = pop()
	fmt.Println(v, ok, size())
	fmt.Println(sum(pass(1, 2)))
	q, _, _ := divmod(9, 2)
	_, r, _ := divmod(9, 2)
	fmt.Println(q, r)
}
