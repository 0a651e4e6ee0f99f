package main

import "fmt"

type code uint8
type label string

func main() {
	// Keys of an any-keyed map are equal only if their dynamic types are.
	m := map[any]string{code(1): "code", uint8(1): "byte"}
	m[label("x")] = "label"
	m["x"] = "string"
	fmt.Println(len(m), m[code(1)], m[uint8(1)], m[label("x")], m["x"])
}
