package main

import (
	"errors"
	"fmt"
)

type pv struct{ n int }

func (p *pv) String() string { return fmt.Sprint("pv", p.n) }

type ev struct{ msg string }

func (e *ev) Error() string { return "ev:" + e.msg }

type holder struct {
	A pv
	B *pv
	E error
	F fmt.Stringer
}

type hexb []byte

func (h hexb) String() string { return fmt.Sprintf("hex(%x)", []byte(h)) }

func main() {
	v := pv{1}
	fmt.Println(v, &v)
	fmt.Println([]pv{{2}}, []*pv{{3}})
	fmt.Printf("%v %+v\n", holder{A: pv{4}, B: &pv{5}}, holder{A: pv{6}, E: &ev{"x"}, F: &pv{7}})
	var e error = &ev{"y"}
	fmt.Println(e, errors.Unwrap(e) == nil)
	fmt.Printf("%s|%v|%q\n", e, e, e)
	var nilErr *ev
	var e2 error = nilErr
	fmt.Println(e2 != nil)
	h := hexb{0xde, 0xad}
	fmt.Println(h)
	fmt.Printf("%s %v %x %X %d\n", h, h, h, h, h)
	m := map[string]pv{"a": {8}}
	fmt.Println(m)
	mp := map[string]*pv{"b": {9}}
	fmt.Println(mp)
	arr := [2]*pv{{10}, nil}
	fmt.Println(arr[0], arr[1] == nil)
}
