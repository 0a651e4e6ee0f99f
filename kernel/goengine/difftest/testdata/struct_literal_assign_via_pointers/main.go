package main

import (
	"bytes"
	"fmt"
)

type inner struct{ a, b int }
type outer struct {
	in  inner
	arr [2]inner
	buf bytes.Buffer
}

func reset(o *outer) {
	*o = outer{in: inner{9, 9}}
}

func main() {
	var o outer
	o.buf.WriteString("x")
	q := &o.in
	r := &o.arr[1]
	o.in = inner{1, 2}
	o.arr[1] = inner{3, 4}
	fmt.Println(*q, *r)
	p := &o
	p.in = inner{5, 6}
	fmt.Println(*q, o.in)
	reset(&o)
	fmt.Println(*q, *r, o.buf.Len())
	pi := &inner{}
	alias := pi
	*pi = inner{7, 8}
	fmt.Println(*alias)
	m := map[string]*inner{"k": {}}
	keep := m["k"]
	*m["k"] = inner{1, 1}
	fmt.Println(*keep)
	s := []inner{{}, {}}
	ps := &s[0]
	s[0], s[1] = inner{2, 2}, inner{3, 3}
	fmt.Println(*ps, s)
	var x, y inner
	px := &x
	x, y = inner{4, 4}, x
	fmt.Println(*px, y)
	type wrap struct{ p *inner }
	w := wrap{&inner{}}
	*w.p = inner{6, 6}
	fmt.Println(*w.p)
}
