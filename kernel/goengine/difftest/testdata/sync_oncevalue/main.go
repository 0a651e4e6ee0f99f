package main

import (
	"fmt"
	"sync"
)

func main() {
	calls := 0
	answer := sync.OnceValue(func() int {
		calls++
		return 42
	})
	fmt.Println(answer(), answer(), calls)
	pair := sync.OnceValues(func() (string, error) {
		calls++
		return "config", nil
	})
	s, err := pair()
	fmt.Println(s, err, calls)
	s, err = pair()
	fmt.Println(s, err, calls)
	hello := sync.OnceFunc(func() { fmt.Println("hello once") })
	hello()
	hello()
}
