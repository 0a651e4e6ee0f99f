package main

import "fmt"

type stats struct {
	last  int
	count int
}

func main() {
	jobs := make(chan int, 4)
	for i := 1; i <= 4; i++ {
		jobs <- i * i
	}
	close(jobs)
	results := make([]int, 5)
	var st stats
	grid := [2][2]int{}
	for i := 0; ; i++ {
		var ok bool
		select {
		case results[i], ok = <-jobs:
		}
		if !ok {
			break
		}
		st.count++
	}
	fmt.Println(results, st.count)
	more := make(chan int, 2)
	more <- 10
	more <- 20
	select {
	case st.last = <-more:
		fmt.Println("last", st.last)
	}
	ps := &st
	select {
	case ps.count = <-more:
	}
	fmt.Println(st)
	cells := make(chan int, 1)
	cells <- 7
	select {
	case grid[1][0] = <-cells:
	}
	fmt.Println(grid)
}
