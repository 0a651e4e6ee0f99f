package main

import (
	"fmt"
	"strconv"
)

type shape interface {
	area() float64
	name() string
}

type rect struct{ w, h float64 }
type sq struct{ s float64 }

func (r rect) area() float64 { return r.w * r.h }
func (r rect) name() string  { return "rect" }
func (s *sq) area() float64  { return s.s * s.s }
func (s *sq) name() string   { return "sq" + strconv.FormatFloat(s.s, 'g', -1, 64) }

func main() {
	var sh shape = rect{2, 3}
	f := sh.area
	sh = &sq{4}
	fmt.Println(f(), sh.area())
	s := &sq{1}
	g := shape(s).name
	s.s = 5
	fmt.Println(g(), s.name())
	h := shape.area
	fmt.Println(h(rect{1, 2}), h(&sq{3}))
	fs := map[string]func() string{}
	for _, x := range []shape{rect{1, 1}, &sq{2}} {
		fs[x.name()] = x.name
	}
	fmt.Println(fs["rect"](), fs["sq2"]())
}
