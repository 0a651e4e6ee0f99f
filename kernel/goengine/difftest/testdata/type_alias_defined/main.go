package main

import "fmt"

type MyInt int
type AliasInt = int

func (m MyInt) Double() MyInt { return m * 2 }

func main() {
	var a MyInt = 3
	var b AliasInt = 4
	var c int = b
	fmt.Printf("%T %T %T\n", a, b, c)
	fmt.Println(a.Double(), int(a)+b)
	type local struct{ v int }
	type alias = local
	fmt.Printf("%T %T\n", local{1}, alias{2})
	var r rune = 'x'
	var by byte = 'y'
	fmt.Printf("%T %T %T\n", r, by, any(1.5))
}
