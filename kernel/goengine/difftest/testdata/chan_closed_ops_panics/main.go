package main

import "fmt"

func try(name string, f func()) {
	defer func() { fmt.Printf("%s: %v\n", name, recover()) }()
	f()
}

func main() {
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	close(ch)
	fmt.Println(len(ch), cap(ch))
	v, ok := <-ch
	fmt.Println(v, ok)
	v, ok = <-ch
	fmt.Println(v, ok)
	v, ok = <-ch
	fmt.Println(v, ok)
	fmt.Println(<-ch, len(ch))
	try("send", func() { ch <- 3 })
	try("close again", func() { close(ch) })
	var nilch chan int
	try("close nil", func() { close(nilch) })
	done := make(chan struct{})
	close(done)
	select {
	case <-done:
		fmt.Println("closed channel is ready")
	default:
		fmt.Println("default")
	}
}
