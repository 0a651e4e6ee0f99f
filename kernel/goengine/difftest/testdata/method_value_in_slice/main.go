package main

import "fmt"

type acc struct{ total int }

func (a *acc) Add(n int)   { a.total += n }
func (a *acc) Mul(n int)   { a.total *= n }
func (a acc) Show() string { return fmt.Sprint("total=", a.total) }

func main() {
	a := &acc{}
	ops := []func(int){a.Add, a.Mul, a.Add}
	for i, op := range ops {
		op(i + 2)
	}
	fmt.Println(a.Show())
	show := a.Show
	a.Add(1)
	fmt.Println(show(), a.Show())
}
