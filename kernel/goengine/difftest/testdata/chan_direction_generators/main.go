package main

import "fmt"

func producer(n int) <-chan int {
	ch := make(chan int)
	go func() {
		for i := 0; i < n; i++ {
			ch <- i
		}
		close(ch)
	}()
	return ch
}

func filter(in <-chan int, pred func(int) bool) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for v := range in {
			if pred(v) {
				out <- v
			}
		}
	}()
	return out
}

func sink(in <-chan int, done chan<- []int) {
	var got []int
	for v := range in {
		got = append(got, v)
	}
	done <- got
}

func main() {
	done := make(chan []int)
	go sink(filter(producer(10), func(v int) bool { return v%3 == 0 }), done)
	fmt.Println(<-done)
	buf := make(chan string, 2)
	buf <- "x"
	buf <- "y"
	fmt.Println(len(buf), cap(buf))
	close(buf)
	for s := range buf {
		fmt.Print(s)
	}
	fmt.Println()
	v, ok := <-buf
	fmt.Printf("%q %v\n", v, ok)
	var nilCh chan int
	select {
	case v := <-nilCh:
		fmt.Println("impossible", v)
	default:
		fmt.Println("nil channel blocks")
	}
	sem := make(chan struct{}, 1)
	select {
	case sem <- struct{}{}:
		fmt.Println("acquired")
	default:
	}
	select {
	case sem <- struct{}{}:
	default:
		fmt.Println("busy")
	}
}
