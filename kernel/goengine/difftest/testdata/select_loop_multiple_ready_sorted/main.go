package main

import (
	"fmt"
	"sort"
)

func main() {
	a := make(chan int, 5)
	b := make(chan string, 5)
	for i := 0; i < 5; i++ {
		a <- i
		b <- fmt.Sprint("s", i)
	}
	close(a)
	close(b)
	var got []string
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue
			}
			got = append(got, fmt.Sprint("a", v))
		case s, ok := <-b:
			if !ok {
				b = nil
				continue
			}
			got = append(got, s)
		}
	}
	sort.Strings(got)
	fmt.Println(len(got), got)
	done := make(chan struct{})
	res := make(chan int)
	go func() {
		defer close(res)
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			case res <- i * i:
			}
		}
	}()
	sum := 0
	for v := range res {
		sum += v
		if v >= 16 {
			close(done)
			break
		}
	}
	fmt.Println("sum", sum)
	var sendOnly chan<- int
	select {
	case sendOnly <- 1:
		fmt.Println("impossible")
	default:
		fmt.Println("nil send blocks")
	}
}
