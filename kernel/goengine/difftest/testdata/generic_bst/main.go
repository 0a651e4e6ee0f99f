package main

import (
	"cmp"
	"fmt"
)

type Tree[K cmp.Ordered, V any] struct {
	root *tnode[K, V]
}

type tnode[K cmp.Ordered, V any] struct {
	k    K
	v    V
	l, r *tnode[K, V]
}

func (t *Tree[K, V]) Put(k K, v V) {
	p := &t.root
	for *p != nil {
		switch c := cmp.Compare(k, (*p).k); {
		case c < 0:
			p = &(*p).l
		case c > 0:
			p = &(*p).r
		default:
			(*p).v = v
			return
		}
	}
	*p = &tnode[K, V]{k: k, v: v}
}

func (t *Tree[K, V]) Get(k K) (V, bool) {
	n := t.root
	for n != nil {
		switch {
		case k < n.k:
			n = n.l
		case k > n.k:
			n = n.r
		default:
			return n.v, true
		}
	}
	var zero V
	return zero, false
}

func (t *Tree[K, V]) Each(f func(K, V)) { each(t.root, f) }

func each[K cmp.Ordered, V any](n *tnode[K, V], f func(K, V)) {
	if n != nil {
		each(n.l, f)
		f(n.k, n.v)
		each(n.r, f)
	}
}

func main() {
	var t Tree[string, int]
	for i, w := range []string{"m", "c", "x", "a", "e", "c"} {
		t.Put(w, i)
	}
	t.Each(func(k string, v int) { fmt.Print(k, "=", v, " ") })
	fmt.Println()
	fmt.Println(t.Get("e"))
	fmt.Println(t.Get("q"))
}
