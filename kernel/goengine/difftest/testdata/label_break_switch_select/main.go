package main

import "fmt"

func main() {
	nums := []int{1, 4, 7, 10, 13}
search:
	for i, n := range nums {
		switch {
		case n%5 == 0:
			fmt.Println("multiple of 5 at", i)
			break search
		case n%2 == 0:
			fmt.Println("even", n)
			continue search
		}
		fmt.Println("checked", n)
	}
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	ch <- -1
drain:
	for {
		select {
		case v := <-ch:
			if v < 0 {
				break drain
			}
			fmt.Println("value", v)
		}
	}
	fmt.Println("drained")
}
