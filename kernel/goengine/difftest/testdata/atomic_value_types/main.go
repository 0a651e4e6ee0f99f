package main

import (
	"fmt"
	"sync/atomic"
)

type config struct {
	Name    string
	Workers int
}

func try(f func()) {
	defer func() { fmt.Println("recovered:", recover()) }()
	f()
}

func main() {
	var v atomic.Value
	fmt.Println(v.Load())
	v.Store(config{"a", 1})
	c := v.Load().(config)
	c.Workers = 99
	fmt.Println(v.Load(), c.Workers)
	old := v.Swap(config{"b", 2})
	fmt.Println(old, v.Load())
	fmt.Println(v.CompareAndSwap(config{"b", 2}, config{"c", 3}), v.CompareAndSwap(config{"x", 0}, config{"d", 4}), v.Load())
	try(func() { v.Store("a string") })
	try(func() { v.Store(nil) })
	var p atomic.Pointer[config]
	fmt.Println(p.Load() == nil)
	p.Store(&config{"p", 5})
	q := p.Load()
	q.Workers++
	fmt.Println(*p.Load(), p.CompareAndSwap(q, &config{"r", 7}), p.Load().Name)
	var flag atomic.Bool
	fmt.Println(flag.Swap(true), flag.Load(), flag.CompareAndSwap(false, true))
	var u atomic.Uint32
	u.Store(1)
	fmt.Println(u.Add(^uint32(0)), u.Add(^uint32(0)), u.Or(0b1010), u.And(0b0110), u.Load())
}
