package main

import "fmt"

func main() {
	items := []any{1, "two", 3.0, nil, "stop", 5}
loop:
	for i, it := range items {
		switch v := it.(type) {
		case int:
			if v > 3 {
				break loop
			}
			fmt.Println(i, "int", v)
		case string:
			if v == "stop" {
				fmt.Println(i, "stopping")
				break
			}
			fmt.Println(i, "string", v)
		case nil:
			continue loop
		default:
			fmt.Println(i, "other", v)
		}
		fmt.Println("after switch", i)
	}
	n := 0
outer:
	for {
		for {
			n++
			if n%3 == 0 {
				continue outer
			}
			if n > 7 {
				break outer
			}
		}
	}
	fmt.Println("n =", n)
}
