package main

import "fmt"

func integers(done <-chan struct{}) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for i := 0; ; i++ {
			select {
			case out <- i:
			case <-done:
				return
			}
		}
	}()
	return out
}

func main() {
	done := make(chan struct{})
	ints := integers(done)
	for v := range ints {
		if v == 5 {
			break
		}
		fmt.Print(v, " ")
	}
	close(done)
	for range ints {
	}
	fmt.Println("stopped")
}
