package main

import "fmt"

func drain(ch chan int, done chan struct{}) []int {
	var got []int
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				return got
			}
			if v < 0 {
				break
			}
			got = append(got, v)
		case <-done:
			return got
		}
	}
}

func main() {
	ch := make(chan int, 10)
	for _, v := range []int{1, -2, 3, -4, 5} {
		ch <- v
	}
	close(ch)
	fmt.Println(drain(ch, make(chan struct{})))

	c2 := make(chan int, 100)
	for i := 0; i < 100; i++ {
		c2 <- i
	}
	n := 0
loop:
	for {
		select {
		case v := <-c2:
			if v%7 == 0 {
				continue loop
			}
			if v > 50 {
				break loop
			}
			n += v
		default:
			break loop
		}
	}
	fmt.Println("n", n)

	// many iterations of select with break: no stack growth
	c3 := make(chan int, 1)
	count := 0
	for i := 0; i < 200000; i++ {
		c3 <- i
		select {
		case v := <-c3:
			if v%2 == 0 {
				break
			}
			count++
		}
	}
	fmt.Println("count", count)

	total := 0
outer:
	for i := 0; i < 3; i++ {
		c := make(chan int, 3)
		c <- i
		c <- i + 10
		c <- 99
		for {
			select {
			case v := <-c:
				if v == 99 {
					continue outer
				}
				if v == 12 {
					break outer
				}
				total += v
			}
		}
	}
	fmt.Println("total", total)
}
