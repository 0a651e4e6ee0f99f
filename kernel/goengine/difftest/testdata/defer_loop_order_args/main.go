package main

import "fmt"

type resource struct{ name string }

func open(name string) *resource {
	fmt.Println("open", name)
	return &resource{name}
}

func (r *resource) Close() { fmt.Println("close", r.name) }

func process(names []string) (n int) {
	for _, name := range names {
		r := open(name)
		defer r.Close()
		n++
	}
	fmt.Println("processing done")
	return n
}

func trace(msg string) func() {
	fmt.Println("enter", msg)
	return func() { fmt.Println("exit", msg) }
}

func nested() {
	defer trace("nested")()
	x := 1
	defer fmt.Println("deferred x =", x)
	x = 2
	defer func() { fmt.Println("closure x =", x) }()
	x = 3
}

func main() {
	fmt.Println(process([]string{"a", "b", "c"}))
	nested()
	for i := range 3 {
		defer fmt.Print(i, " ")
	}
	defer fmt.Println()
}
