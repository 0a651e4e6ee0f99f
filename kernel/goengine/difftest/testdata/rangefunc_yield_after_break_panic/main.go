package main

import (
	"fmt"
	"runtime"
)

func stubborn(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		yield(i)
	}
}

func run(name string, f func()) {
	defer func() {
		r := recover()
		fmt.Printf("%s: %v\n", name, r)
		_, ok := r.(runtime.Error)
		fmt.Printf("%s: runtime.Error %v\n", name, ok)
	}()
	f()
}

func main() {
	run("break", func() {
		for v := range stubborn {
			fmt.Println("got", v)
			if v == 1 {
				break
			}
		}
		fmt.Println("after loop")
	})
	run("finished", func() {
		for v := range stubborn {
			fmt.Println("saw", v)
		}
		fmt.Println("loop ended normally")
	})
}
