package main

import (
	"fmt"
	"strings"
)

type ints []int

func (s ints) Sum() int {
	t := 0
	for _, v := range s {
		t += v
	}
	return t
}

type names []string

func (n names) Joined() string { return strings.Join(n, "+") }

func Filter[S ~[]E, E any](s S, keep func(E) bool) S {
	var out S
	for _, v := range s {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

func Rev[S ~[]E, E any](s S) S {
	out := make(S, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

type dict map[string]int

func Keys[M ~map[K]V, K comparable, V any](m M) int { return len(m) }

func First[T any, PT interface{ *T }](xs []T) PT {
	if len(xs) == 0 {
		return nil
	}
	return &xs[0]
}

func main() {
	xs := ints{1, 2, 3, 4, 5, 6}
	ev := Filter(xs, func(v int) bool { return v%2 == 0 })
	fmt.Printf("%T %v %d\n", ev, ev, ev.Sum())
	r := Rev(names{"a", "b", "c"})
	fmt.Printf("%T %s\n", r, r.Joined())
	fmt.Println(Keys(dict{"a": 1, "b": 2}))
	p := First(xs)
	*p = 100
	fmt.Println(xs.Sum(), First([]string{}) == nil)
}
