package main

import "fmt"

func step(ch chan int, quit chan bool) (n int) {
	for {
		select {
		case v := <-ch:
			switch {
			case v < 0:
				break
			case v%3 == 0:
				if v > 100 {
					break
				}
				n += v
			default:
				n++
			}
		case <-quit:
			return n
		default:
			return n
		}
	}
}

func consume(chs []chan int) int {
	total := 0
	for i := 0; i < len(chs); i++ {
	inner:
		for {
			select {
			case v, ok := <-chs[i]:
				if !ok {
					break inner
				}
				if v == 0 {
					continue
				}
				total += v
			}
		}
	}
	return total
}

func main() {
	ch := make(chan int, 8)
	quit := make(chan bool)
	sum := 0
	for round := 0; round < 20000; round++ {
		ch <- round % 7
		ch <- -1
		ch <- 300
		sum += step(ch, quit)
	}
	fmt.Println(sum)
	var chs []chan int
	for i := 0; i < 50; i++ {
		c := make(chan int, 5)
		for j := 0; j < 5; j++ {
			c <- j * i
		}
		close(c)
		chs = append(chs, c)
	}
	fmt.Println(consume(chs))
	count := 0
	tick := make(chan int, 1)
	for i := 0; i < 100000; i++ {
		tick <- i
		select {
		case v := <-tick:
			if v&1 == 1 {
				goto next
			}
			count++
		}
	next:
	}
	fmt.Println(count)
}
