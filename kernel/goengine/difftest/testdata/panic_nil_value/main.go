package main

import (
	"fmt"
	"runtime"
)

func main() {
	defer func() {
		r := recover()
		_, ok := r.(*runtime.PanicNilError)
		fmt.Println(r, ok)
	}()
	panic(nil)
}
