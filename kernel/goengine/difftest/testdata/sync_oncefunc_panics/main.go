package main

import (
	"errors"
	"fmt"
	"sync"
)

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panicked:", r)
		}
	}()
	f()
}

func main() {
	calls := 0
	boom := sync.OnceFunc(func() {
		calls++
		panic(fmt.Sprintf("init failed #%d", calls))
	})
	try("first", boom)
	try("second", boom)
	fmt.Println("calls:", calls)

	cfg := sync.OnceValues(func() (map[string]int, error) {
		calls++
		return map[string]int{"sm": 90}, errors.New("partial")
	})
	m1, err1 := cfg()
	m1["sm"]++
	m2, err2 := cfg()
	fmt.Println(m2["sm"], err1 == err2, err2, calls)

	var once sync.Once
	for i := range 3 {
		try(fmt.Sprint("once", i), func() {
			once.Do(func() { panic("only once") })
			fmt.Println("once", i, "no panic")
		})
	}
	val := sync.OnceValue(func() int {
		defer func() { calls += 100 }()
		return calls * 2
	})
	fmt.Println(val(), val(), calls)
}
