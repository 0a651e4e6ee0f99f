package main

import "fmt"

func main() {
	ch := make(chan int, 10)
	for i := range 10 {
		ch <- i
	}
	close(ch)
	var got []int
outer:
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break outer
			}
			switch {
			case v%3 == 0:
				continue outer
			case v > 7:
				break outer
			}
			got = append(got, v)
		}
	}
	fmt.Println(got)

	grid := [][]int{{1, 2, 3}, {4, -5, 6}, {7, 8, 9}}
	sum := 0
rows:
	for r, row := range grid {
		for c, v := range row {
			if v < 0 {
				fmt.Println("skip row", r, "at col", c)
				continue rows
			}
			sum += v
		}
	}
	fmt.Println(sum)

	found := ""
search:
	switch {
	default:
		for _, w := range []string{"go", "cuda", "ptx"} {
			if len(w) == 4 {
				found = w
				break search
			}
		}
		found = "none"
	}
	fmt.Println(found)
}
