package main

import "fmt"

type point struct{ X, Y int }
type vec struct{ X, Y int }

func kind(v any) string {
	switch v.(type) {
	case point:
		return "point"
	case vec:
		return "vec"
	}
	return "other"
}

func main() {
	// Two struct types with the same fields are different types.
	fmt.Println(kind(point{1, 2}), kind(vec{1, 2}), kind(struct{ X, Y int }{}))
	fmt.Println(any(point{1, 2}) == any(vec{1, 2}))
	_, ok := any(vec{}).(point)
	fmt.Println(ok)
}
