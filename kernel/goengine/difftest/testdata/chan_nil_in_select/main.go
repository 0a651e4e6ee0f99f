package main

import "fmt"

func main() {
	a := make(chan int)
	b := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			a <- i
		}
		close(a)
	}()
	go func() {
		for i := 0; i < 2; i++ {
			b <- 10 + i
		}
		close(b)
	}()
	sumA, sumB := 0, 0
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue
			}
			sumA += v
		case v, ok := <-b:
			if !ok {
				b = nil
				continue
			}
			sumB += v
		}
	}
	fmt.Println(sumA, sumB)
}
