package main

import "fmt"

func slowSquare(n int, out chan<- [2]int) {
	out <- [2]int{n, n * n}
}

func main() {
	out := make(chan [2]int)
	for n := 1; n <= 5; n++ {
		go slowSquare(n, out)
	}
	got := map[int]int{}
	for i := 0; i < 5; i++ {
		p := <-out
		got[p[0]] = p[1]
	}
	fmt.Println(got)
}
