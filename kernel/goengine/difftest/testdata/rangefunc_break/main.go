package main

import "fmt"

func naturals(yield func(int) bool) {
	for i := 0; ; i++ {
		if !yield(i) {
			fmt.Println("iterator stopped at", i)
			return
		}
	}
}

func main() {
	for n := range naturals {
		if n == 3 {
			break
		}
		fmt.Println("got", n)
	}
	for n := range naturals {
		if n%2 == 0 {
			continue
		}
		if n > 5 {
			break
		}
		fmt.Println("odd", n)
	}
}
