package main

import "fmt"

func main() {
	s := []int{1, 2, 3}
	for _, v := range s {
		s = append(s, v*10)
	}
	fmt.Println(s)
	m := 0
	for i := range s {
		m += i
	}
	fmt.Println(m)
}
