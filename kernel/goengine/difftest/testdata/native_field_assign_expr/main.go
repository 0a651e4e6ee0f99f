package main

import (
	"container/list"
	"fmt"
)

// The value of an expression stored in an any field of a type from a
// compiled package (list.Element.Value).
func main() {
	e := list.New().PushBack(0)
	n := 3
	e.Value = n * n
	fmt.Println(e.Value)
	e.Value = fmt.Sprint(n) + "!"
	fmt.Println(e.Value)
	fmt.Println("end")
}
