package main

import "fmt"

func safe(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("recovered %v (%T)", r, r)
		}
	}()
	f()
	return "no panic"
}

func main() {
	fmt.Println(safe(func() {}))
	fmt.Println(safe(func() { panic("oops") }))
	fmt.Println(safe(func() { panic(42) }))
	fmt.Println(safe(func() { panic(fmt.Errorf("wrapped %d", 1)) }))
	fmt.Println(recover())
}
