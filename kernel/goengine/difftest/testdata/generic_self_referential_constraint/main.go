package main

import "fmt"

// Ordered refers to itself in its own type parameter list, which Go 1.26
// allows.
type Ordered[T Ordered[T]] interface {
	Less(T) bool
}

type version struct{ major, minor int }

func (v version) Less(o version) bool {
	if v.major != o.major {
		return v.major < o.major
	}
	return v.minor < o.minor
}

func (v version) String() string { return fmt.Sprintf("v%d.%d", v.major, v.minor) }

type word string

func (w word) Less(o word) bool { return len(w) < len(o) || len(w) == len(o) && w < o }

func maxOf[T Ordered[T]](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if m.Less(x) {
			m = x
		}
	}
	return m
}

func insertionSort[T Ordered[T]](xs []T) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j].Less(xs[j-1]); j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

func main() {
	vs := []version{{1, 22}, {1, 9}, {2, 0}, {1, 26}}
	fmt.Println(maxOf(vs...))
	insertionSort(vs)
	fmt.Println(vs)
	ws := []word{"grid", "warp", "sm", "block", "kernel", "ptx"}
	insertionSort(ws)
	fmt.Println(ws, maxOf(ws...))
}
