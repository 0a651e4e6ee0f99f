package main

import "fmt"

var log []string

func val(s string, v int) int          { log = append(log, s); return v }
func ch(s string, c chan int) chan int { log = append(log, s); return c }

func main() {
	full := make(chan int)
	ready := make(chan int, 1)
	ready <- 7
	select {
	case ch("send-chan", full) <- val("send-val", 1):
		fmt.Println("sent")
	case v := <-ch("recv-chan", ready):
		fmt.Println("recv", v)
	}
	fmt.Println(log)
	log = nil
	var nilc chan int
	select {
	case nilc <- val("nil-send", 2):
	default:
		fmt.Println("default")
	}
	fmt.Println(log)
	log = nil
	buf := make(chan int, 1)
	select {
	case buf <- val("a", 3):
		fmt.Println("a")
	}
	fmt.Println(log, <-buf)
	arr := []int{0, 0}
	i := 0
	c := make(chan int, 1)
	c <- 5
	select {
	case arr[val("idx", i)] = <-c:
	}
	fmt.Println(arr, log)
	m := map[string]int{}
	c <- 6
	var ok bool
	select {
	case m["k"], ok = <-c:
	}
	fmt.Println(m, ok)
}
