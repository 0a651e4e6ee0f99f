package main

import "fmt"

type path []string
type grid [2]int
type flag bool
type code uint8

func kind(v any) string {
	switch v.(type) {
	case []string:
		return "[]string"
	case path:
		return "path"
	case [2]int:
		return "[2]int"
	case grid:
		return "grid"
	case bool:
		return "bool"
	case flag:
		return "flag"
	case uint8:
		return "uint8"
	case code:
		return "code"
	}
	return "other"
}

func main() {
	vals := []any{path{"a"}, []string{"b"}, grid{1, 2}, [2]int{3, 4}, flag(true), true, code(7), uint8(7)}
	for _, v := range vals {
		fmt.Print(kind(v), " ")
	}
	fmt.Println()
	fmt.Println(any(code(7)) == any(uint8(7)), any(flag(true)) == any(flag(true)), any(grid{1, 2}) == any([2]int{1, 2}))
	_, isPath := vals[1].(path)
	p, ok := vals[0].(path)
	fmt.Println(isPath, p, ok)
}
