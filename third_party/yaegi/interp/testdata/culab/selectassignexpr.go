// culab patch 74: a select case that receives into an index expression,
// a field or a dereference assigns it.
package main

import "fmt"

type S struct{ f int }

func main() {
	c := make(chan int, 10)
	arr := []int{0, 0, 0}
	var a2 [2]int
	var s S
	p := &S{}
	n := new(int)
	for i := 0; i < 3; i++ {
		c <- i + 1
		select {
		case arr[i] = <-c:
			fmt.Println("got", arr[i])
		}
	}
	c <- 2
	select {
	case a2[1] = <-c:
	}
	c <- 3
	select {
	case s.f = <-c:
	}
	c <- 4
	select {
	case p.f, _ = <-c:
	}
	c <- 5
	select {
	case *n = <-c:
	}
	var oks [2]bool
	c <- 7
	close(c)
	select {
	case a2[0], oks[0] = <-c:
	}
	select {
	case s.f, oks[1] = <-c:
	}
	fmt.Println(arr, a2, s, *p, *n, oks)
}

// Output:
// got 1
// got 2
// got 3
// [1 2 3] [7 2] {0} {4} 5 [true false]
