package main

import (
	"errors"
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		re, isRE := r.(runtime.Error)
		err, isErr := r.(error)
		fmt.Printf("%s: runtime=%v error=%v", name, isRE, isErr)
		if isRE {
			fmt.Printf(" msg=%q", re.Error())
		} else if isErr {
			fmt.Printf(" err=%q", err.Error())
		} else {
			fmt.Printf(" val=%v (%T)", r, r)
		}
		fmt.Println()
	}()
	f()
}

type E struct{ c int }

func (e E) Error() string { return fmt.Sprint("E", e.c) }

func main() {
	var m map[string]int
	var p *E
	xs := []int{1}
	i := 5
	try("map", func() { m["a"] = 1 })
	try("nilptr", func() { _ = p.c })
	try("index", func() { _ = xs[i] })
	try("custom", func() { panic(E{3}) })
	try("wrapped", func() { panic(fmt.Errorf("w: %w", E{4})) })
	try("string", func() { panic("s") })
	try("int", func() { panic(42) })
	try("assert", func() { var a any = "x"; _ = a.(int) })
	var target E
	func() {
		defer func() {
			r := recover().(error)
			fmt.Println(errors.As(r, &target), target.c)
		}()
		panic(fmt.Errorf("ctx: %w", E{7}))
	}()
}
