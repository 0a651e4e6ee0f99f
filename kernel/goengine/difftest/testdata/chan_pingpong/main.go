package main

import "fmt"

// Each player receives on its own channel and hits back on the other's:
// the rally's order does not depend on the scheduler.
func player(name string, in <-chan int, out chan<- int, done chan<- string) {
	for ball := range in {
		if ball >= 6 {
			done <- fmt.Sprint(name, " wins at ", ball)
			return
		}
		fmt.Println(name, "hits", ball)
		out <- ball + 1
	}
}

func main() {
	ping, pong := make(chan int), make(chan int)
	done := make(chan string)
	go player("ping", ping, pong, done)
	go player("pong", pong, ping, done)
	ping <- 1
	fmt.Println(<-done)
}
