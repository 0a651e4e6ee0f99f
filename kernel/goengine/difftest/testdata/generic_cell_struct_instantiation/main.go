package main

import (
	"fmt"
	"sort"
)

type item struct {
	name  string
	price int
}

type List[T any] struct {
	items []T
}

func (l *List[T]) Add(xs ...T) *List[T] { l.items = append(l.items, xs...); return l }
func (l *List[T]) Filter(f func(T) bool) *List[T] {
	out := &List[T]{}
	for _, x := range l.items {
		if f(x) {
			out.items = append(out.items, x)
		}
	}
	return out
}
func (l List[T]) Len() int { return len(l.items) }

func SortBy[T any, K int | string](xs []T, key func(T) K) {
	sort.Slice(xs, func(i, j int) bool { return key(xs[i]) < key(xs[j]) })
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

type Cache[K comparable, V any] struct {
	data map[K]V
	miss int
}

func NewCache[K comparable, V any]() *Cache[K, V] { return &Cache[K, V]{data: map[K]V{}} }

func (c *Cache[K, V]) Get(k K, mk func() V) V {
	if v, ok := c.data[k]; ok {
		return v
	}
	c.miss++
	v := mk()
	c.data[k] = v
	return v
}

func main() {
	l := &List[item]{}
	l.Add(item{"b", 5}, item{"a", 3}).Add(item{"c", 9})
	cheap := l.Filter(func(i item) bool { return i.price < 6 })
	fmt.Println(l.Len(), cheap.Len(), cheap.items)
	SortBy(l.items, func(i item) string { return i.name })
	fmt.Println(l.items)
	SortBy(l.items, func(i item) int { return -i.price })
	fmt.Println(l.items)
	total := Reduce(l.items, 0, func(a int, i item) int { return a + i.price })
	names := Reduce(l.items, "", func(a string, i item) string { return a + i.name })
	fmt.Println(total, names)
	c := NewCache[item, []int]()
	for _, k := range []item{{"x", 1}, {"y", 2}, {"x", 1}} {
		v := c.Get(k, func() []int { return []int{k.price} })
		fmt.Println(v)
	}
	fmt.Println(c.miss, len(c.data))
	fmt.Printf("%T\n", l)
}
