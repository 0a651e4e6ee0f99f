// An LRU cache on container/list and a map, holding values of types with
// methods; a sync.Map registry of shapes read back through an interface.
package main

import (
	"container/list"
	"fmt"
	"sort"
	"sync"
)

type Shape interface {
	Area() float64
	Name() string
}

type Square struct{ Side float64 }

func (s Square) Area() float64  { return s.Side * s.Side }
func (s Square) Name() string   { return "square" }
func (s Square) String() string { return fmt.Sprintf("□%g", s.Side) }

type Circle struct{ R float64 }

func (c *Circle) Area() float64 { return 3.14 * c.R * c.R }
func (c *Circle) Name() string  { return "circle" }

type entry struct {
	key   string
	shape Shape
}

type LRU struct {
	cap   int
	order *list.List
	items map[string]*list.Element
}

func NewLRU(n int) *LRU { return &LRU{cap: n, order: list.New(), items: map[string]*list.Element{}} }

func (c *LRU) Put(k string, s Shape) {
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		e.Value = entry{k, s}
		return
	}
	c.items[k] = c.order.PushFront(entry{k, s})
	if c.order.Len() > c.cap {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(entry).key)
	}
}

func (c *LRU) Get(k string) (Shape, bool) {
	e, ok := c.items[k]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(entry).shape, true
}

func main() {
	c := NewLRU(2)
	c.Put("a", Square{2})
	c.Put("b", &Circle{1})
	c.Get("a")
	c.Put("c", Square{3})
	for _, k := range []string{"a", "b", "c"} {
		s, ok := c.Get(k)
		if ok {
			fmt.Printf("%s: %s %.2f\n", k, s.Name(), s.Area())
		} else {
			fmt.Println(k, "evicted")
		}
	}

	// Shapes straight in a list and a sync.Map, read back as Shape.
	l := list.New()
	l.PushBack(Square{1})
	l.PushBack(&Circle{2})
	l.PushFront("label")
	total := 0.0
	for e := l.Front(); e != nil; e = e.Next() {
		switch v := e.Value.(type) {
		case Shape:
			total += v.Area()
		case string:
			fmt.Println("label:", v)
		}
	}
	fmt.Printf("total %.2f, first square %v\n", total, l.Front().Next().Value)

	var reg sync.Map
	reg.Store("unit", Square{1})
	reg.Store("big", Square{10})
	reg.LoadOrStore("unit", Square{99})
	var names []string
	reg.Range(func(k, v any) bool {
		names = append(names, fmt.Sprintf("%v=%v(%s)", k, v, v.(Shape).Name()))
		return true
	})
	sort.Strings(names)
	fmt.Println(names)
}
