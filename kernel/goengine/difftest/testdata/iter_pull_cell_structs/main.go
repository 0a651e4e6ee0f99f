package main

import (
	"fmt"
	"iter"
	"slices"
)

type card struct {
	rank int
	suit string
}

func (c card) String() string { return fmt.Sprintf("%d%s", c.rank, c.suit) }

func deck() iter.Seq[card] {
	return func(yield func(card) bool) {
		for _, s := range []string{"h", "s"} {
			for r := 1; r <= 3; r++ {
				if !yield(card{r, s}) {
					return
				}
			}
		}
	}
}

func enumerate[T any](s iter.Seq[T]) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for v := range s {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

func filter[T any](s iter.Seq[T], f func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range s {
			if f(v) && !yield(v) {
				return
			}
		}
	}
}

func main() {
	fmt.Println(slices.Collect(deck()))
	next, stop := iter.Pull(deck())
	a, ok1 := next()
	b, ok2 := next()
	stop()
	c, ok3 := next()
	fmt.Println(a, ok1, b, ok2, c, ok3)
	for i, c := range enumerate(filter(deck(), func(c card) bool { return c.rank != 2 })) {
		if i == 3 {
			break
		}
		fmt.Print(i, ":", c, " ")
	}
	fmt.Println()
	n2, s2 := iter.Pull2(enumerate(deck()))
	defer s2()
	for {
		i, c, ok := n2()
		if !ok || i > 2 {
			break
		}
		fmt.Print(c.String(), ";")
	}
	fmt.Println()
	sorted := slices.SortedFunc(deck(), func(x, y card) int { return y.rank - x.rank })
	fmt.Println(sorted[:2], slices.Index(sorted, card{1, "s"}))
}
