package main

import "fmt"

type size int64

const (
	_       = iota
	KB size = 1 << (10 * iota)
	MB
	GB
)

const (
	a = iota * 10
	b
	_
	d
	e, f = iota, iota * 2
	g, h
)

type weekday int

const (
	sunday weekday = iota
	monday
	tuesday
)

func (w weekday) String() string { return [...]string{"Sun", "Mon", "Tue"}[w] }

const (
	x = 1.5 * iota
	y
	z
)

type flag uint8

const (
	read flag = 1 << iota
	write
	exec
	all = read | write | exec
)

const greeting = "hi"
const typed string = greeting + "!"

func main() {
	fmt.Println(KB, MB, GB)
	fmt.Printf("%T %d\n", GB, GB/MB)
	fmt.Println(a, b, d, e, f, g, h)
	fmt.Println(sunday, tuesday, []weekday{monday, sunday})
	fmt.Printf("%v %d %T\n", monday, monday, monday)
	fmt.Println(x, y, z)
	fmt.Println(read, write, exec, all, all&^write)
	fmt.Printf("%03b %T\n", all, all)
	fmt.Println(len(typed), typed)
}
