package main

import "fmt"

func main() {
	ch := make(chan int)
	done := make(chan struct{})
	go func() {
		for i := 1; i <= 5; i++ {
			ch <- i
		}
		close(done)
	}()
	sum := 0
recv:
	for {
		select {
		case v := <-ch:
			if v%2 == 0 {
				continue recv
			}
			sum += v
		case <-done:
			break recv
		}
	}
	fmt.Println("sum of odd:", sum)

	grid := [][]int{{1, 2, 3}, {4, -1, 6}, {7, 8, 9}}
	found := false
outer:
	for r, row := range grid {
		for c, v := range row {
			if v < 0 {
				fmt.Println("negative at", r, c)
				found = true
				break outer
			}
		}
	}
	fmt.Println(found)
	count := 0
rows:
	for _, row := range grid {
		for _, v := range row {
			if v%2 == 0 {
				continue rows
			}
			count++
		}
	}
	fmt.Println(count)
}
