package main

import "fmt"

func main() {
	high := make(chan string, 3)
	low := make(chan string, 3)
	for i := 1; i <= 3; i++ {
		high <- fmt.Sprint("h", i)
		low <- fmt.Sprint("l", i)
	}
	close(high)
	var order []string
	for high != nil || low != nil {
		select {
		case v, ok := <-high:
			if !ok {
				high = nil
				continue
			}
			order = append(order, v)
			continue
		default:
		}
		select {
		case v := <-low:
			order = append(order, v)
			if len(low) == 0 {
				low = nil
			}
		default:
			low = nil
		}
	}
	fmt.Println(order)
	quit := make(chan bool)
	data := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			data <- i
		}
		quit <- true
	}()
	sum := 0
	for done := false; !done; {
		select {
		case v := <-data:
			sum += v
		case <-quit:
			done = true
		}
	}
	fmt.Println(sum)
}
