// culab patch 73: a bidirectional channel compares with a directional one
// of the same element type.
package main

import "fmt"

type pipe chan int

func main() {
	bidir := make(chan int)
	other := make(chan int)
	var send chan<- int = bidir
	var recv <-chan int = bidir
	fmt.Println(send == bidir, recv == bidir, bidir == send, send != bidir, recv != other)
	var p pipe = bidir
	var s2 chan<- int = p
	fmt.Println(s2 == p, p == bidir, s2 == send)
	var nilSend chan<- int
	var nilBi chan int
	fmt.Println(nilSend == nilBi, nilSend == nil, send == nilBi)
	if send == bidir {
		fmt.Println("same")
	}
	if recv == other {
		fmt.Println("wrong")
	} else {
		fmt.Println("different")
	}
}

// Output:
// true true true false true
// true true true
// true true false
// same
// different
