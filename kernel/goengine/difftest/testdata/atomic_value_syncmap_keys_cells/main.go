// Values of cell types with methods in an atomic.Value and a list
// element's Value field, and cell-typed keys of a sync.Map: read back as
// Go reads them.
package main

import (
	"container/list"
	"fmt"
	"sync"
	"sync/atomic"
)

type Shape interface{ Area() float64 }

type sq struct{ s float64 }

func (q sq) Area() float64  { return q.s * q.s }
func (q sq) String() string { return fmt.Sprint("sq", q.s) }

type id int

func (i id) String() string { return fmt.Sprintf("ID-%d", int(i)) }

func main() {
	var av atomic.Value
	av.Store(sq{2})
	_, isShape := av.Load().(Shape)
	fmt.Println(av.Load(), isShape)

	l := list.New()
	e := l.PushBack(0)
	e.Value = sq{3}
	_, isShape = e.Value.(Shape)
	fmt.Println(e.Value, isShape)

	var m sync.Map
	m.Store(id(1), "by id")
	_, found := m.Load(1)
	fmt.Println(found)
	m.Range(func(k, v any) bool { fmt.Println(k, v); return true })
}
