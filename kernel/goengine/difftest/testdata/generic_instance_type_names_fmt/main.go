package main

import "fmt"

type pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

type box[T any] struct{ v T }

type list[T any] []T

func main() {
	p := pair[string, int]{"a", 1}
	fmt.Printf("%v %+v %T\n", p, p, p)
	b := box[pair[string, int]]{p}
	fmt.Printf("%v %+v %T\n", b, b, b)
	l := list[float64]{1.5}
	fmt.Printf("%v %T %T\n", l, l, &b)
	var anyv any = box[[]int]{[]int{1}}
	switch v := anyv.(type) {
	case box[int]:
		fmt.Println("box[int]", v)
	case box[[]int]:
		fmt.Println("box[[]int]", v.v)
	}
	fmt.Printf("%T %T\n", pair[int, box[bool]]{}, map[string]list[int]{})
}
