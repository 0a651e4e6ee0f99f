package main

import "fmt"

func main() {
	var s []int
	for i := 0; i < 10; i++ {
		s = append(s, i)
	}
	fmt.Println(s, len(s))
	s = append(s[:2], s[5:]...)
	fmt.Println(s)
	s = append(s, s...)
	fmt.Println(len(s))
	t := append([]int(nil), 1, 2)
	u := append(t[:1], 9)
	fmt.Println(t, u)
	b := append([]byte("hi "), "there"...)
	fmt.Println(string(b))
}
