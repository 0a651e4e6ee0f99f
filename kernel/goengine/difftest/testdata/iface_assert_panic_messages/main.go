package main

import (
	"fmt"
	"io"
)

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type named interface{ name() string }

type dog struct{}

func (dog) name() string { return "dog" }

func try(f func()) {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			fmt.Println(e.Error())
		} else {
			fmt.Println(r)
		}
	}()
	f()
}

func main() {
	var a any = celsius(3)
	try(func() { _ = a.(float64) })
	try(func() { _ = a.(named) })
	var n named = dog{}
	try(func() { _ = n.(io.Reader) })
	try(func() { _ = n.(*dog) })
	var e any = "text"
	try(func() { _ = e.(int) })
	fmt.Println(a.(celsius))
}
