package main

import (
	"fmt"
	"strings"
)

func stage(name string, in <-chan string) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		for s := range in {
			out <- s + ">" + name
		}
	}()
	return out
}

func main() {
	src := make(chan string)
	go func() {
		for _, w := range []string{"a", "b", "c"} {
			src <- w
		}
		close(src)
	}()
	var out <-chan string = src
	for _, n := range strings.Split("x,y,z", ",") {
		out = stage(n, out)
	}
	for s := range out {
		fmt.Println(s)
	}

	ping, pong := make(chan int), make(chan int)
	done := make(chan struct{})
	go func() {
		for v := range ping {
			pong <- v * 2
		}
		close(done)
	}()
	total := 0
	for i := 1; i <= 4; i++ {
		ping <- i
		total += <-pong
	}
	close(ping)
	<-done
	fmt.Println("total", total)
}
