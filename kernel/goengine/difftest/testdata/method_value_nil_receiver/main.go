package main

import "fmt"

type T struct{ n int }

func (t T) Val() int { return t.n }

func (t *T) Ptr() string {
	if t == nil {
		return "nil receiver"
	}
	return fmt.Sprint("n=", t.n)
}

func main() {
	var p *T
	f := p.Ptr
	fmt.Println(f())
	fmt.Println(p.Ptr())
	func() {
		defer func() { fmt.Println("value method value:", recover()) }()
		g := p.Val
		fmt.Println("not reached", g)
	}()
	func() {
		defer func() { fmt.Println("value method call:", recover()) }()
		fmt.Println(p.Val())
	}()
	p = &T{4}
	g := p.Val
	p.n = 9
	fmt.Println(g(), p.Val())
}
