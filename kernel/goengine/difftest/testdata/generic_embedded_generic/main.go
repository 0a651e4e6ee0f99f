package main

import "fmt"

type list[T any] struct {
	items []T
}

func (l *list[T]) push(v T)  { l.items = append(l.items, v) }
func (l *list[T]) size() int { return len(l.items) }

type named[T any] struct {
	list[T]
	name string
}

func (n named[T]) String() string { return fmt.Sprintf("%s%v", n.name, n.items) }

type pair[K comparable, V any] struct {
	key K
	val V
}

type table[K comparable, V any] struct {
	*list[pair[K, V]]
}

func (t table[K, V]) get(k K) (V, bool) {
	for _, p := range t.items {
		if p.key == k {
			return p.val, true
		}
	}
	var zero V
	return zero, false
}

func main() {
	n := named[int]{name: "ints"}
	n.push(1)
	n.push(2)
	fmt.Println(n.size(), n)

	t := table[string, float64]{&list[pair[string, float64]]{}}
	t.push(pair[string, float64]{"pi", 3.14})
	t.push(pair[string, float64]{"e", 2.72})
	v, ok := t.get("e")
	fmt.Println(v, ok, t.size())
	_, ok = t.get("tau")
	fmt.Println(ok)
}
