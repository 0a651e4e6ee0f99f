package main

import "fmt"

type request struct {
	n     int
	reply chan int
}

func server(reqs chan request, quit chan struct{}) {
	total := 0
	for {
		select {
		case r := <-reqs:
			total += r.n
			r.reply <- total
		case <-quit:
			return
		}
	}
}

func main() {
	reqs := make(chan request)
	quit := make(chan struct{})
	go server(reqs, quit)
	for i := 1; i <= 4; i++ {
		r := request{i, make(chan int)}
		reqs <- r
		fmt.Println(<-r.reply)
	}
	close(quit)

	chans := make(chan chan string, 2)
	a, b := make(chan string, 1), make(chan string, 1)
	chans <- a
	chans <- b
	close(chans)
	for c := range chans {
		c <- "hello"
	}
	fmt.Println(<-a, <-b)

	out := make(chan int, 3)
	for i := 0; i < 5; i++ {
		select {
		case out <- i:
			fmt.Println("sent", i)
		default:
			fmt.Println("full at", i)
		}
	}
	close(out)
	for {
		v, ok := <-out
		fmt.Println(v, ok)
		if !ok {
			break
		}
	}
}
