package main

import (
	"fmt"
	"os"
)

func check(ok bool) {
	if !ok {
		fmt.Println("validation failed, exiting")
		os.Exit(0)
	}
}

func main() {
	defer fmt.Println("deferred: never printed, os.Exit skips defers")
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered:", r)
		}
	}()
	for i := range 5 {
		fmt.Println("step", i)
		check(i < 2)
	}
	fmt.Println("not reached")
}
