package main

import "fmt"

func Generate[T any](vals ...T) <-chan T {
	ch := make(chan T)
	go func() {
		defer close(ch)
		for _, v := range vals {
			ch <- v
		}
	}()
	return ch
}

func Collect[T any](ch <-chan T) []T {
	var out []T
	for v := range ch {
		out = append(out, v)
	}
	return out
}

func main() {
	fmt.Println(Collect(Generate(1, 2, 3)))
	fmt.Println(Collect(Generate("x", "y")))
	fmt.Printf("%T\n", Generate[bool]())
}
