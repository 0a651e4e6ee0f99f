package main

import (
	"fmt"
	"time"
)

func main() {
	never := make(chan int)
	select {
	case v := <-never:
		fmt.Println("impossible", v)
	case <-time.After(20 * time.Millisecond):
		fmt.Println("timed out")
	}
	ready := make(chan int, 1)
	ready <- 3
	select {
	case v := <-ready:
		fmt.Println("ready", v)
	case <-time.After(time.Minute):
		fmt.Println("too slow")
	}
	t := time.NewTimer(time.Hour)
	fmt.Println("stopped:", t.Stop())
}
