package main

import "fmt"

func main() {
	ch := make(chan int, 1)
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("nothing ready")
	}
	ch <- 7
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("nothing ready")
	}
	full := make(chan int, 1)
	full <- 1
	select {
	case full <- 2:
		fmt.Println("sent")
	default:
		fmt.Println("would block")
	}
}
