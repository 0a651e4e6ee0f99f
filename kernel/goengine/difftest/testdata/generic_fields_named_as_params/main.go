package main

import (
	"encoding/json"
	"fmt"
	"sort"
)

type Pair[K comparable, V any] struct {
	K K `json:"key"`
	V V `json:"value"`
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v→%v", p.K, p.V) }

func Entries[K comparable, V any](m map[K]V, less func(a, b K) bool) []Pair[K, V] {
	out := make([]Pair[K, V], 0, len(m))
	for k, v := range m {
		out = append(out, Pair[K, V]{K: k, V: v})
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i].K, out[j].K) })
	return out
}

type Node[T any] struct {
	T    T
	Next *Node[T]
}

func (n *Node[T]) Values() []T {
	var out []T
	for ; n != nil; n = n.Next {
		out = append(out, n.T)
	}
	return out
}

func main() {
	es := Entries(map[string]int{"b": 2, "a": 1}, func(a, b string) bool { return a < b })
	fmt.Println(es, es[0].K, es[1].V)
	b, _ := json.Marshal(es)
	fmt.Println(string(b))
	var back []Pair[string, int]
	fmt.Println(json.Unmarshal(b, &back), back[1].K)
	list := &Node[float64]{T: 1.5, Next: &Node[float64]{T: 2.5}}
	fmt.Println(list.Values(), list.Next.T)
	fmt.Printf("%+v\n", Pair[int, bool]{K: 7, V: true})
}
