package main

import "fmt"

type codeErr struct {
	code int
	msg  string
}

func (c codeErr) Error() string { return fmt.Sprintf("E%d: %s", c.code, c.msg) }

type state struct {
	name string
	n    int
}

func (s state) String() string { return fmt.Sprintf("%s#%d", s.name, s.n) }

func main() {
	func() {
		defer func() {
			r := recover()
			fmt.Println(r)
			if e, ok := r.(error); ok {
				fmt.Println("error:", e.Error())
			}
			c, ok := r.(codeErr)
			fmt.Println(c.code, ok)
		}()
		panic(codeErr{3, "bad"})
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		panic(state{"s", 2})
	}()
}
