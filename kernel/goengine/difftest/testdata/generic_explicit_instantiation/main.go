package main

import "fmt"

func Convert[From, To any](xs []From, f func(From) To) []To {
	var out []To
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Identity[T any](v T) T { return v }

func main() {
	toLen := Convert[string, int]
	fmt.Println(toLen([]string{"a", "bb", "ccc"}, func(s string) int { return len(s) }))
	id := Identity[float32]
	fmt.Printf("%T %v\n", id(1.5), id(2))
	fs := []func(int) int{Identity[int], func(i int) int { return -i }}
	for _, f := range fs {
		fmt.Println(f(7))
	}
}
