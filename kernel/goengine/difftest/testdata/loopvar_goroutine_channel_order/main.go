package main

import (
	"fmt"
	"time"
)

// Each goroutine waits for its turn on its own channel, so the output is
// ordered while every goroutine captures its own i. Were i shared, no
// goroutine would wait for turn 0: the program says so instead of hanging.
func main() {
	const n = 4
	turns := make([]chan struct{}, n+1)
	for i := range turns {
		turns[i] = make(chan struct{})
	}
	for i := 0; i < n; i++ {
		go func() {
			<-turns[i]
			fmt.Println("goroutine", i)
			turns[i+1] <- struct{}{}
		}()
	}
	select {
	case turns[0] <- struct{}{}:
	case <-time.After(5 * time.Second):
		fmt.Println("no goroutine took turn 0")
		return
	}
	<-turns[n]
}
