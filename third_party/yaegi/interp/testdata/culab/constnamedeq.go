// culab patch 87: == and != of a constant of a defined type with an
// untyped constant or a value of the type.
package main

import "fmt"

type Perm uint8
type Level float64
type Name string

const (
	Read Perm = 1 << iota
	Write
	Exec
)

const Hi Level = 2.5
const Bob Name = "bob"

func main() {
	fmt.Println(Exec > 3, Exec < 3, Exec >= 4, Read|Write <= 3, Exec != 4, Exec != 5)
	fmt.Println(Hi == 2.5, Hi > 2, Hi != 2.5, Bob == "bob", Bob < "c", Bob != "bob")
	if Exec == 4 {
		fmt.Println("if ok")
	}
	switch Exec {
	case 4:
		fmt.Println("switch ok")
	}
	fmt.Println(Read|Exec == 5, (Read|Exec) == 5, Read+Exec == 5)
	var p Perm = 4
	fmt.Println(p == Exec, Exec == p, p|Read == 5)
}

// Output:
// true false true true false true
// true true false true true false
// if ok
// switch ok
// true true true
// true true true
