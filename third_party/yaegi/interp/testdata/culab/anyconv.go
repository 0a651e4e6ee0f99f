// culab patch 18: any(v) of a value of a type with methods keeps the
// type, as var a any = v does.
package main

import "fmt"

type color int

func (c color) String() string { return [...]string{"red", "green"}[c] }

func kind[T any](v T) string {
	switch any(v).(type) {
	case int:
		return "int"
	case color:
		return "color"
	}
	return "other"
}

func main() {
	c := color(1)
	fmt.Println(any(c) == any(1), kind(c), kind(1))
	var a any = c
	fmt.Println(a, any(c), fmt.Sprint(any(c)))
	if s, ok := any(c).(fmt.Stringer); ok {
		fmt.Println("stringer", s.String())
	}
}

// Output:
// false color int
// green green green
// stringer green
