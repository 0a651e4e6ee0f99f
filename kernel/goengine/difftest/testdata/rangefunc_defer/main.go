package main

import "fmt"

func letters(yield func(string) bool) {
	for _, s := range []string{"a", "b", "c"} {
		if !yield(s) {
			return
		}
	}
}

func work() {
	fmt.Println("work start")
	for s := range letters {
		defer fmt.Println("deferred", s)
		fmt.Println("body", s)
	}
	fmt.Println("work end")
}

func main() {
	work()
	fmt.Println("after work")
}
