// culab patch 26: a generic type with several type parameters that refers
// to itself is its own instance, in composite literals too.
package main

import "fmt"

type node[T any] struct {
	v    T
	next *node[T]
}

type pair[K comparable, V any] struct {
	k    K
	v    V
	next *pair[K, V]
}

func main() {
	n := &node[int]{v: 1, next: &node[int]{v: 2}}
	fmt.Println(n.v, n.next.v)
	p := &pair[string, int]{k: "a", v: 1}
	p.next = &pair[string, int]{k: "b", v: 2}
	fmt.Println(p.k, p.next.k, p.next.v)
}

// Output:
// 1 2
// a b 2
