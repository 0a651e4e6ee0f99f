package main

import "fmt"

func trySend(ch chan<- string, s string) bool {
	select {
	case ch <- s:
		return true
	default:
		return false
	}
}

func tryRecv(ch <-chan string) (string, bool) {
	select {
	case s := <-ch:
		return s, true
	default:
		return "", false
	}
}

func main() {
	ch := make(chan string, 2)
	for _, w := range []string{"a", "b", "c"} {
		fmt.Println(w, trySend(ch, w))
	}
	for i := 0; i < 3; i++ {
		s, ok := tryRecv(ch)
		fmt.Printf("%q %v\n", s, ok)
	}
	var unbuffered = make(chan string)
	fmt.Println(trySend(unbuffered, "x"))
	var nilch chan string
	fmt.Println(trySend(nilch, "y"))
	s, ok := tryRecv(nilch)
	fmt.Println(s == "", ok)
}
