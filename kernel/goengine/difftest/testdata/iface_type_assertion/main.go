package main

import "fmt"

type Walker interface{ Walk() string }
type Swimmer interface{ Swim() string }

type duck struct{}

func (duck) Walk() string { return "waddle" }
func (duck) Swim() string { return "paddle" }

type cat struct{}

func (cat) Walk() string { return "prowl" }

func main() {
	for _, w := range []Walker{duck{}, cat{}} {
		fmt.Print(w.Walk())
		if s, ok := w.(Swimmer); ok {
			fmt.Print(" and ", s.Swim())
		}
		fmt.Println()
	}
	var x any = 42
	n, ok := x.(int)
	fmt.Println(n, ok)
	s, ok := x.(string)
	fmt.Printf("%q %v\n", s, ok)
}
