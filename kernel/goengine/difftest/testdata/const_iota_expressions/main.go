package main

import "fmt"

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	_
	Thursday
)

type Size uint64

const (
	_       = iota
	KB Size = 1 << (10 * iota)
	MB
	GB
)

const (
	a, b = iota * 2, iota*2 + 1
	c, d
	e, f
)

type Perm uint8

const (
	Read Perm = 1 << iota
	Write
	Exec
	All = Read | Write | Exec
)

const big = 1 << 100
const typedF float32 = 1.0 / 3

func main() {
	fmt.Println(Sunday, Monday, Tuesday, Thursday)
	fmt.Println(KB, MB, GB)
	fmt.Println(a, b, c, d, e, f)
	fmt.Println(Read, Write, Exec, All, All&^Write, Read|Exec == 5)
	fmt.Println(big>>98, big/(1<<99))
	fmt.Printf("%T %v %T\n", typedF, typedF, Thursday)
	const local = "x" + "y"
	fmt.Println(len(local), local[1:])
	fmt.Println(1<<3|1, 7&^2, -7/2, -7%2, 7>>1, ^0)
}
