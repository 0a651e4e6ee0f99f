package main

import "fmt"

func helper() any { return recover() }

func direct() (r any) {
	defer func() { r = recover() }()
	panic("direct")
}

func indirect() (r any) {
	defer func() {
		r = helper()
		if r == nil {
			r = fmt.Sprint("helper got nil, then ", recover())
		}
	}()
	panic("indirect")
}

func main() {
	fmt.Println(direct())
	fmt.Println(indirect())
	fmt.Println(recover())
}
