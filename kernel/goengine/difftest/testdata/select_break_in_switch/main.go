package main

import "fmt"

func main() {
	ch := make(chan int, 6)
	for i := 1; i <= 6; i++ {
		ch <- i
	}
	close(ch)
	var seen []int
	for n := 0; n < 8; n++ {
		select {
		case v, ok := <-ch:
			switch {
			case !ok:
				seen = append(seen, -1)
				break
			case v%2 == 0:
				if v == 4 {
					break
				}
				seen = append(seen, v*10)
			default:
				seen = append(seen, v)
			}
			if v == 5 {
				break
			}
			seen = append(seen, 0)
		}
	}
	fmt.Println(seen)
	out := make(chan string, 1)
	for i := 0; i < 3; i++ {
		select {
		case out <- fmt.Sprint("m", i):
			if i == 0 {
				continue
			}
			fmt.Println("sent", i)
		default:
			fmt.Println("full at", i, <-out)
		}
	}
}
