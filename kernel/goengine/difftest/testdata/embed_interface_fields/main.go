package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// counted embeds a compiled interface beside other fields.
type counted struct {
	sort.Interface
	swaps int
}

func (c *counted) Swap(i, j int) {
	c.swaps++
	c.Interface.Swap(i, j)
}

// countingWriter embeds io.Writer and adds a field.
type countingWriter struct {
	io.Writer
	n int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return w.Writer.Write(p)
}

type Namer interface{ Name() string }

type Greeter interface {
	Namer
	Greet() string
}

type person struct{ name string }

func (p person) Name() string  { return p.name }
func (p person) Greet() string { return "hi, " + p.name }

// loud embeds a cell interface and overrides one of its methods.
type loud struct {
	Greeter
	volume int
}

func (l loud) Greet() string {
	return strings.ToUpper(l.Greeter.Greet()) + strings.Repeat("!", l.volume)
}

func main() {
	xs := []int{5, 2, 8, 1}
	c := &counted{Interface: sort.IntSlice(xs)}
	sort.Sort(c)
	fmt.Println(xs, c.swaps > 0, c.Len())

	var sb strings.Builder
	w := &countingWriter{Writer: &sb}
	fmt.Fprintf(w, "%d-%s", 42, "x")
	io.WriteString(w, "!")
	fmt.Println(sb.String(), w.n)

	var g Greeter = loud{person{"ada"}, 2}
	fmt.Println(g.Greet(), g.Name())
	var n Namer = g
	fmt.Println(n.Name())
	l := loud{Greeter: person{"bob"}}
	fmt.Println(l.Name(), l.Greet(), l.Greeter.Greet())
	greet := l.Greeter.Greet
	fmt.Println(greet())
}
