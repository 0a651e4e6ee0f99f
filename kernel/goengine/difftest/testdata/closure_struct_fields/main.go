package main

import (
	"fmt"
	"strings"
)

type Pipeline struct {
	Steps []func(string) string
	Name  string
}

func (p Pipeline) Run(s string) string {
	for _, f := range p.Steps {
		s = f(s)
	}
	return s
}

func suffix(x string) func(string) string {
	return func(s string) string { return s + x }
}

func main() {
	p := Pipeline{Name: "shout"}
	p.Steps = append(p.Steps, strings.TrimSpace, strings.ToUpper, suffix("!"))
	fmt.Println(p.Run("  hello "))
	ops := map[string]func(float64, float64) float64{
		"+": func(a, b float64) float64 { return a + b },
		"*": func(a, b float64) float64 { return a * b },
	}
	fmt.Println(ops["+"](2, 3), ops["*"](2, 3))
}
