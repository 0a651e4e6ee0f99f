package main

import "fmt"

type stack struct{ depth int }

func (s *stack) enter(name string) func() {
	s.depth++
	fmt.Printf("%*s> %s\n", s.depth*2, "", name)
	return func() {
		fmt.Printf("%*s< %s\n", s.depth*2, "", name)
		s.depth--
	}
}

func (s *stack) walk(n int) int {
	defer s.enter(fmt.Sprint("walk ", n))()
	if n == 0 {
		return 0
	}
	return n + s.walk(n-1)
}

func main() {
	var s stack
	fmt.Println(s.walk(3))
}
