package main

import (
	"errors"
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		re, ok := r.(runtime.Error)
		fmt.Printf("%s: %v (runtime.Error %v)\n", name, r, ok)
		if ok {
			var target runtime.Error
			fmt.Println("  as:", errors.As(re, &target), re.Error() == target.Error())
		}
	}()
	f()
}

func main() {
	zero := 0
	try("div", func() { fmt.Println(10 / zero) })
	try("mod", func() { fmt.Println(10 % zero) })
	try("u8", func() { var a, b uint8 = 1, 0; fmt.Println(a / b) })
	try("custom", func() { panic(errors.New("mine")) })
	f := 0.0
	fmt.Println(1/f, -1/f)
}
