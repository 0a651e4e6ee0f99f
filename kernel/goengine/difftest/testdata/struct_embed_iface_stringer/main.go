package main

import (
	"errors"
	"fmt"
)

type state struct{ n int }

func (s state) String() string { return fmt.Sprint("state#", s.n) }

type labeled struct {
	fmt.Stringer
	n int
}

type wrapped struct {
	error
}

type plain struct {
	S fmt.Stringer
}

func main() {
	l := labeled{state{2}, 1}
	fmt.Println(l, l.String())
	fmt.Printf("%v %s %+v\n", l, l, []labeled{l})
	w := wrapped{errors.New("inner")}
	fmt.Println(w)
	var err error = w
	fmt.Println(err.Error())
	fmt.Println(plain{state{3}})
	var nl labeled
	fmt.Println(nl.Stringer == nil)
}
