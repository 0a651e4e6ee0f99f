package main

import (
	"errors"
	"fmt"
)

// culab patch 59: a default clause before other clauses; the clauses
// after it are tested in their order, and fallthrough goes to the clause
// that follows in the source.

func grade(n int) string {
	switch g := n / 10; {
	case g >= 9:
		return "A"
	default:
		return "F"
	case g == 8:
		return "B"
	case g >= 6:
		return fmt.Sprint("C", g)
	}
}

func tagged(n int) (out []string) {
	switch n {
	case 1:
		out = append(out, "one")
		fallthrough
	default:
		out = append(out, "default")
		fallthrough
	case 2:
		out = append(out, "two")
	case 3, 4:
		out = append(out, "three-four")
	}
	return out
}

func first[T comparable](v, a, b T) string {
	switch v {
	default:
		return "other"
	case a:
		return "a"
	case b:
		return "b"
	}
}

type named struct{}

func (named) Error() string  { return "named" }
func (named) String() string { return "str" }

func kind(v any) string {
	switch v.(type) {
	case int:
		return "int"
	default:
		return "default"
	case error:
		return "error"
	case fmt.Stringer:
		return "stringer"
	}
}

func main() {
	for _, n := range []int{95, 85, 72, 10} {
		fmt.Print(grade(n), " ")
	}
	fmt.Println()
	for _, n := range []int{1, 2, 3, 9} {
		fmt.Println(n, tagged(n))
	}
	fmt.Println(first(1, 1, 2), first(2, 1, 2), first(3, 1, 2))
	fmt.Println(kind(1), kind(named{}), kind(errors.New("e")), kind("s"))
}

// Output:
// A B C7 F
// 1 [one default two]
// 2 [two]
// 3 [three-four]
// 9 [default two]
// a b other
// int error error default
