package main

import "fmt"

func index[T comparable](xs []T, v T) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

type key interface {
	comparable
	String() string
}

type id int

func (i id) String() string { return fmt.Sprintf("#%d", int(i)) }

func dedupe[K key](ks []K) []string {
	seen := map[K]bool{}
	var out []string
	for _, k := range ks {
		if !seen[k] {
			seen[k] = true
			out = append(out, k.String())
		}
	}
	return out
}

func main() {
	fmt.Println(index([]any{1, "a", 2.5}, any("a")), index([]any{1, nil}, nil))
	fmt.Println(index([]error{nil, fmt.Errorf("x")}, nil))
	fmt.Println(dedupe([]id{3, 1, 3, 2, 1}))
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(index([]any{1, []int{2}}, any([]int{2})))
}
