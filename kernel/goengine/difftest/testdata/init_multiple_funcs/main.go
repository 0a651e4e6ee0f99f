package main

import "fmt"

var (
	total  = sum(values...)
	values = []int{1, 2, 3}
	label  = describe()
)

var registry = map[string]func() string{}

func sum(xs ...int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func describe() string {
	fmt.Println("describe runs, total =", total)
	return fmt.Sprint("total:", total)
}

func init() {
	fmt.Println("first init", label)
	registry["a"] = func() string { return "A" }
}

func init() {
	fmt.Println("second init", len(registry))
	registry["b"] = func() string { return "B" }
}

type greeting string

const defaultGreeting greeting = "hello"

var current = defaultGreeting + ", world"

func main() {
	fmt.Println("main", total, label, len(registry), registry["a"](), registry["b"]())
	fmt.Printf("%v %T\n", current, current)
}
