package main

import "fmt"

type pair[K comparable, V any] struct {
	key K
	val V
}

func (p pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.key, p.val) }

func swap[K, V comparable](p pair[K, V]) pair[V, K] {
	return pair[V, K]{p.val, p.key}
}

type list[T any] struct {
	items []T
}

func (l *list[T]) push(v T) *list[T] {
	l.items = append(l.items, v)
	return l
}

func (l list[T]) each(f func(int, T)) {
	for i, v := range l.items {
		f(i, v)
	}
}

func mapList[T, U any](l list[T], f func(T) U) list[U] {
	var out list[U]
	l.each(func(_ int, v T) { out.push(f(v)) })
	return out
}

func main() {
	p := pair[string, int]{"a", 1}
	q := swap(p)
	fmt.Println(p, q)
	fmt.Printf("%T\n", q)
	var l list[int]
	l.push(1).push(2).push(3)
	strs := mapList(l, func(i int) string { return fmt.Sprint("#", i) })
	fmt.Println(strs.items, len(strs.items))
	ps := []pair[int, bool]{{1, true}, {2, false}}
	fmt.Println(ps)
}
