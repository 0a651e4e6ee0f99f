package main

import "fmt"

func producer(out chan<- int) {
	for i := 0; i < 3; i++ {
		out <- i
	}
	close(out)
}

func consumer(in <-chan int) int {
	t := 0
	for v := range in {
		t += v
	}
	return t
}

func main() {
	ch := make(chan int)
	go producer(ch)
	fmt.Println(consumer(ch))
	var send chan<- int = ch
	var recv <-chan int = ch
	fmt.Printf("%T %T %T\n", ch, send, recv)
	fmt.Printf("%T\n", make(chan []map[string]bool))
}
