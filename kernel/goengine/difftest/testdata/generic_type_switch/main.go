package main

import "fmt"

func Describe[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return fmt.Sprintf("int %d", x)
	case string:
		return fmt.Sprintf("string of length %d", len(x))
	case []T:
		return "slice of T"
	case fmt.Stringer:
		return "stringer " + x.String()
	case nil:
		return "nil"
	default:
		return fmt.Sprintf("other %T", x)
	}
}

type shade int

func (c shade) String() string { return [...]string{"red", "green"}[c] }

func main() {
	fmt.Println(Describe(42))
	fmt.Println(Describe("hello"))
	fmt.Println(Describe(shade(1)))
	fmt.Println(Describe(3.5))
	fmt.Println(Describe[any](nil))
	fmt.Println(Describe(struct{ A int }{1}))
}
