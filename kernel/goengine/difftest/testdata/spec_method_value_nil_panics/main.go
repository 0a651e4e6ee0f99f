package main

import "fmt"

type T struct{ n int }

func (t T) Val() int  { return t.n }
func (t *T) Ptr() int { return 1 }

type holder struct{ fmt.Stringer }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panicked:", r)
		}
	}()
	f()
	fmt.Println(name, "ok")
}

func main() {
	var p *T
	try("pointer method value of nil", func() { f := p.Ptr; fmt.Println(f()) })
	try("value method value of nil pointer", func() { f := p.Val; _ = f })
	var h holder
	try("method value of nil embedded interface", func() { f := h.String; _ = f })
	var s fmt.Stringer
	try("method value of nil interface", func() { f := s.String; _ = f })
	try("method expression with nil pointer", func() { fmt.Println((*T).Ptr(nil)) })
	var fn func()
	try("nil func call", func() { fn() })
}
