package main

import "fmt"

func Zero[T any]() string {
	var z T
	switch any(z).(type) {
	case int, int64:
		return "an integer"
	case string:
		return "a string"
	case *int:
		return "a pointer to int"
	}
	return fmt.Sprintf("a %T", z)
}

func main() {
	fmt.Println(Zero[int]())
	fmt.Println(Zero[string]())
	fmt.Println(Zero[*int]())
	fmt.Println(Zero[bool]())
	fmt.Println(Zero[[2]byte]())
}
