package main

import (
	"errors"
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		var re runtime.Error
		if err, ok := r.(error); ok && errors.As(err, &re) {
			fmt.Println(name, "runtime error:", re.Error())
			return
		}
		fmt.Println(name, "panic:", r)
	}()
	f()
}

type myErr struct{ code int }

func (e myErr) Error() string { return fmt.Sprint("code ", e.code) }

func main() {
	s := []int{1, 2, 3}
	i := 5
	try("index", func() { _ = s[i] })
	try("slice", func() { _ = s[2:i] })
	var m map[string]int
	try("nil map", func() { m["a"] = 1 })
	var p *struct{ x int }
	try("nil deref", func() { _ = p.x })
	zero := 0
	try("div", func() { _ = 10 / zero })
	var a any = "str"
	try("assert", func() { _ = a.(int) })
	try("custom", func() { panic(myErr{7}) })
	try("errorf", func() { panic(fmt.Errorf("wrapped %d", 1)) })
	try("closed", func() {
		c := make(chan int)
		close(c)
		close(c)
	})
}
