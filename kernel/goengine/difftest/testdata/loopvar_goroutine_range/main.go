package main

import (
	"fmt"
	"sort"
)

// The goroutines read n only after the loop has ended: each must still
// see its own iteration's value.
func main() {
	start := make(chan struct{})
	names := []string{"x", "y", "z", "w"}
	ch := make(chan string)
	for _, n := range names {
		go func() {
			<-start
			ch <- n + n
		}()
	}
	close(start)
	var got []string
	for range names {
		got = append(got, <-ch)
	}
	sort.Strings(got)
	fmt.Println(got)
}
