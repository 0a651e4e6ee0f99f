package main

import (
	"fmt"
	"time"
)

func main() {
	never := make(chan int)
	select {
	case v := <-never:
		fmt.Println("got", v)
	case <-time.After(20 * time.Millisecond):
		fmt.Println("timeout")
	}

	done := make(chan struct{})
	close(done)
	select {
	case <-done:
		fmt.Println("closed channel is ready")
	case <-time.After(time.Second):
		fmt.Println("unexpected timeout")
	}

	var nilCh chan int // a nil channel is never ready
	buf := make(chan int, 1)
	buf <- 5
	for range 2 {
		select {
		case v := <-nilCh:
			fmt.Println("nil channel", v)
		case v := <-buf:
			fmt.Println("buffered", v)
		default:
			fmt.Println("nothing ready")
		}
	}

	results := make(chan string)
	go func() {
		time.Sleep(5 * time.Millisecond)
		results <- "work done"
	}()
	timeout := time.NewTimer(5 * time.Second)
	defer timeout.Stop()
	select {
	case r := <-results:
		fmt.Println(r)
	case <-timeout.C:
		fmt.Println("too slow")
	}

	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	n := 0
	for range tick.C {
		n++
		if n == 3 {
			break
		}
	}
	fmt.Println("ticks", n)
}
