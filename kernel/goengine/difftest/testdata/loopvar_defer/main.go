package main

import "fmt"

func run() {
	for i := 0; i < 3; i++ {
		defer func() { fmt.Println("deferred", i) }()
	}
	fmt.Println("loop done")
}

func main() {
	run()
}
