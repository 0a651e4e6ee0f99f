package main

import "fmt"

func main() {
	ch := make(chan int, 4)
	var nilCh chan int
	fmt.Println(len(ch), cap(ch), len(nilCh), cap(nilCh))
	for i := range 3 {
		ch <- i * 10
	}
	fmt.Println(len(ch), cap(ch))
	close(ch)
	fmt.Println(len(ch))
	v, ok := <-ch
	fmt.Println(v, ok, len(ch))
	for x := range ch {
		fmt.Println("drained", x)
	}
	v, ok = <-ch
	fmt.Println(v, ok, len(ch))

	unbuf := make(chan string)
	fmt.Println(len(unbuf), cap(unbuf))
	jobs := make(chan int, 10)
	for i := 1; i <= 7; i++ {
		jobs <- i
	}
	batch := []int{}
loop:
	for {
		select {
		case j := <-jobs:
			batch = append(batch, j)
			if len(batch) == 3 {
				fmt.Println("batch", batch, "left", len(jobs))
				batch = batch[:0]
			}
		default:
			break loop
		}
	}
	fmt.Println("rest", batch)
	var ro <-chan int = jobs
	var so chan<- int = jobs
	so <- 99
	fmt.Println(len(ro), cap(so), <-ro)
}
