package main

import "fmt"

func main() {
	for i := 0; i < 10; i++ {
		bump := func() { i += 2 }
		bump()
		fmt.Println(i)
	}
}
