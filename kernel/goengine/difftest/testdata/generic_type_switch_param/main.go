package main

import "fmt"

type celsius float64

func describe[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return fmt.Sprint("int ", x)
	case string:
		return "string " + x
	case celsius:
		return fmt.Sprintf("celsius %.1f", float64(x))
	case float64:
		return fmt.Sprint("float64 ", x)
	case fmt.Stringer:
		return "stringer " + x.String()
	}
	return fmt.Sprintf("other %T", v)
}

type named struct{}

func (named) String() string { return "named!" }

func zero[T any]() T {
	var z T
	return z
}

func isZero[T comparable](v T) bool { return v == zero[T]() }

func main() {
	fmt.Println(describe(3))
	fmt.Println(describe("s"))
	fmt.Println(describe(celsius(21.5)))
	fmt.Println(describe(2.5))
	fmt.Println(describe(named{}))
	fmt.Println(describe([]int{1}))
	fmt.Println(isZero(0), isZero("x"), isZero(celsius(0)), isZero(named{}))
	fmt.Printf("%v %q %v\n", zero[int](), zero[string](), zero[*int]() == nil)
}
