package main

import "fmt"

func main() {
	s := []int{0, 1, 2, 3, 4, 5}
	copy(s[2:], s)
	fmt.Println(s)
	t := []int{0, 1, 2, 3, 4, 5}
	copy(t, t[2:])
	fmt.Println(t)
	b := make([]byte, 3)
	n := copy(b, "hello")
	fmt.Println(n, string(b))
}
