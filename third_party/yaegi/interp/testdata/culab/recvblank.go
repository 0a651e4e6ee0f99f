// culab patch 77: a comma-ok receive into the blank identifier stores
// nothing.
package main

import "fmt"

func main() {
	m := map[int]int{1: 10}
	s := "kept"
	c := make(chan int, 3)
	c <- 1
	c <- 2
	c <- 3
	close(c)
	var ok bool
	_, ok = <-c
	v, _ := <-c
	_, _ = <-c
	_, ok2 := <-c
	fmt.Println(m, s, ok, v, ok2)
}

// Output:
// map[1:10] kept true 2 false
