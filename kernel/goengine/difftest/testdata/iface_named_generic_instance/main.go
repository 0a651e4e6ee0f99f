package main

import "fmt"

type list[T any] []T
type box[T any] struct{ v T }
type celsius float64

func kind(v any) string {
	switch v.(type) {
	case []int:
		return "[]int"
	case list[int]:
		return "list[int]"
	case celsius:
		return "celsius"
	case float64:
		return "float64"
	}
	return "other"
}

func wrap[T any](v T) any { return v }

func main() {
	// A generic named type's instance keeps its dynamic type in an any.
	fmt.Println(kind(list[int]{1}), kind([]int{1}), kind(wrap(celsius(1))), kind(wrap(1.0)))
	_, ok := any(list[int]{}).([]int)
	fmt.Println(ok)
	fmt.Printf("%T %T\n", any(list[int]{}), any(box[int]{}))
}
