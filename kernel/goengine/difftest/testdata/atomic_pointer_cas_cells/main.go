package main

import (
	"fmt"
	"sync/atomic"
)

type config struct {
	Name    string
	Version int
}

func (c config) String() string { return fmt.Sprintf("%s@v%d", c.Name, c.Version) }

type state struct{ n int }

func main() {
	var p atomic.Pointer[config]
	a := &config{"a", 1}
	b := &config{"b", 2}
	fmt.Println(p.Load() == nil)
	p.Store(a)
	fmt.Println(p.Load().Name, p.Load())
	fmt.Println(p.CompareAndSwap(b, b))
	fmt.Println(p.CompareAndSwap(a, b))
	fmt.Println(p.Load())
	old := p.Swap(a)
	fmt.Println(old, p.Load())

	var v atomic.Value
	v.Store(config{"x", 1})
	fmt.Println(v.Load().(config).Name)
	fmt.Println(v.CompareAndSwap(config{"x", 1}, config{"y", 2}))
	fmt.Println(v.Load())
	fmt.Println(v.CompareAndSwap(config{"x", 1}, config{"z", 3}))
	prev := v.Swap(config{"w", 4})
	fmt.Println(prev, v.Load())
	if s, ok := v.Load().(fmt.Stringer); ok {
		fmt.Println("stringer", s.String())
	}

	var sv atomic.Value
	sv.Store(state{1})
	fmt.Println(sv.CompareAndSwap(state{1}, state{2}), sv.Load().(state).n)
	fmt.Printf("%v %+v\n", sv.Load(), sv.Load())
}
