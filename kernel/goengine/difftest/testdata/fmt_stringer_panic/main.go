package main

import "fmt"

type bad struct{}

func (bad) String() string { panic("boom") }

type ptr struct{ n int }

func (p *ptr) String() string { return fmt.Sprint("ptr ", p.n) }

func main() {
	fmt.Println(bad{})
	fmt.Printf("%s|%v\n", bad{}, []bad{{}})
	var p *ptr
	fmt.Println(p)
	fmt.Printf("%v %s\n", p, p)
	fmt.Println(&ptr{4})
}
