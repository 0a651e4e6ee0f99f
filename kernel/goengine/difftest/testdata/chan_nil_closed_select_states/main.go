package main

import "fmt"

func main() {
	var nilc chan int
	c := make(chan int, 3)
	c <- 1
	c <- 2
	fmt.Println(len(c), cap(c))
	close(c)
	fmt.Println(len(c), cap(c))
	got := []string{}
	for i := 0; i < 4; i++ {
		select {
		case v := <-nilc:
			got = append(got, fmt.Sprint("nil", v))
		case v, ok := <-c:
			got = append(got, fmt.Sprint(v, ok))
		}
	}
	fmt.Println(got)
	select {
	case nilc <- 1:
		fmt.Println("sent on nil")
	default:
		fmt.Println("default")
	}
	var ro <-chan int = c
	var so chan<- int = make(chan int, 1)
	fmt.Println(cap(ro), cap(so), len(so))
	so <- 5
	fmt.Println(len(so))
	fmt.Printf("%T %T\n", ro, so)
	d := make(chan string, 5)
	for _, s := range []string{"a", "b", "stop", "c"} {
		d <- s
	}
	close(d)
	for s := range d {
		if s == "stop" {
			break
		}
		fmt.Println("got", s)
	}
	fmt.Println("left", len(d), <-d)
	v, ok := <-d
	fmt.Printf("%q %v\n", v, ok)
}
