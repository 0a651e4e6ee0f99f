package main

import "fmt"

func player(name string, table chan int, done chan struct{}) {
	for ball := range table {
		if ball >= 6 {
			fmt.Println(name, "wins at", ball)
			close(done)
			return
		}
		fmt.Println(name, "hits", ball)
		table <- ball + 1
	}
}

func main() {
	table := make(chan int)
	done := make(chan struct{})
	go player("ping", table, done)
	go player("pong", table, done)
	table <- 1
	<-done
}
