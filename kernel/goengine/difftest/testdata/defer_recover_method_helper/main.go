package main

import (
	"fmt"
	"os"
)

type guard struct{ name string }

func (g guard) catch() {
	if r := recover(); r != nil {
		fmt.Println(g.name, "caught", r)
	}
}

func (g *guard) catchPtr() {
	if r := recover(); r != nil {
		fmt.Println(g.name, "ptr caught", r)
	}
}

func helper() any { return recover() }

func a() {
	g := guard{"g1"}
	defer g.catch()
	g.name = "g1-changed"
	panic("in a")
}

func b() {
	g := &guard{"g2"}
	defer g.catchPtr()
	g.name = "g2-changed"
	panic("in b")
}

func c() (r any) {
	defer func() {
		r = helper()
		if r == nil {
			r = recover()
			r = fmt.Sprint("direct:", r)
		}
	}()
	panic("in c")
}

func d() (out string) {
	defer func() {
		out = fmt.Sprint(recover())
	}()
	func() {
		defer func() {
			if r := recover(); r != nil {
				panic(fmt.Sprint("re:", r))
			}
		}()
		panic("inner")
	}()
	return "unreached"
}

func e() (n int) {
	defer func() {
		recover()
		n *= 2
	}()
	n = 21
	var m map[int]int
	m[0] = 1
	return 0
}

func f() (s string) {
	defer func() {
		r := recover()
		s = fmt.Sprintf("%v", r)
	}()
	defer func() {
		defer func() {
			recover()
		}()
		panic("second")
	}()
	panic("first")
}

func main() {
	a()
	b()
	fmt.Println(c())
	fmt.Println(d())
	fmt.Println(e())
	fmt.Println(f())
	fmt.Fprintln(os.Stdout, "done")
}
