package main

import "fmt"

func main() {
	ch := make(chan string, 3)
	ch <- "a"
	ch <- "b"
	fmt.Println(len(ch), cap(ch))
	fmt.Println(<-ch)
	ch <- "c"
	ch <- "d"
	fmt.Println(len(ch))
	close(ch)
	for s := range ch {
		fmt.Print(s)
	}
	fmt.Println()
	v, ok := <-ch
	fmt.Printf("%q %v\n", v, ok)
	var nilCh chan int
	fmt.Println(len(nilCh), cap(nilCh))
}
