package main

import "fmt"

type greeter struct{ greeting string }

func (g greeter) Greet(name string) string { return g.greeting + ", " + name }

func main() {
	g := greeter{"hello"}
	f := g.Greet
	g.greeting = "bye"
	fmt.Println(f("ann"))
	fmt.Println(g.Greet("ann"))
	fs := map[string]func(string) string{
		"en": greeter{"hi"}.Greet,
		"fr": greeter{"salut"}.Greet,
	}
	fmt.Println(fs["fr"]("bob"), fs["en"]("bob"))
}
