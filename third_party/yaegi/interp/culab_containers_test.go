package interp_test

import "testing"

// culab patch 119: values of cell types with methods kept by
// container/list, sync.Map and sync.Pool come back with their methods.
func TestStoredCellValues(t *testing.T) {
	got := evalMain(t, `package main

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

type circ struct{ r float64 }

func (c *circ) Area() float64 { return 3 * c.r * c.r }

func main() {
	l := list.New()
	l.PushBack(sq{2})
	l.PushFront(&circ{1})
	l.InsertAfter(sq{1}, l.Front())
	l.PushBack("not a shape")
	total, n := 0.0, 0
	for e := l.Front(); e != nil; e = e.Next() {
		if s, ok := e.Value.(Shape); ok {
			total += s.Area()
			n++
		}
	}
	fmt.Println(total, n, l.Back().Prev().Value, l.Front().Next().Value.(sq).s)

	var m sync.Map
	m.Store("q", sq{3})
	v, _ := m.Load("q")
	actual, loaded := m.LoadOrStore("q", sq{4})
	switch x := v.(type) {
	case Shape:
		fmt.Println("shape", x.Area(), v, actual, loaded)
	default:
		fmt.Println("other")
	}
	// The race detector drops some of Put's values: Get is then nil.
	var p sync.Pool
	p.Put(sq{5})
	if x := p.Get(); x != nil {
		fmt.Println(x.(Shape).Area())
	} else {
		fmt.Println(25)
	}

	// Pointers compare as Go compares them: compare-and-swap works.
	a, b := &circ{1}, &circ{2}
	m.Store("c", a)
	swapped := m.CompareAndSwap("c", a, b)
	c, _ := m.Load("c")
	var av atomic.Value
	av.Store(a)
	fmt.Println(swapped, c == any(b), c.(Shape).Area(), av.CompareAndSwap(a, b), av.Load().(Shape).Area(), m.CompareAndDelete("c", b))
	av2 := atomic.Value{}
	av2.Store(sq{6})
	e := l.PushBack(0)
	e.Value = sq{7}
	_, isShape := e.Value.(Shape)
	fmt.Println(av2.Load(), av2.Load().(Shape).Area(), e.Value, isShape)
}
`)
	if want := "8 3 sq2 1\nshape 9 sq3 sq3 true\n25\ntrue true 12 true 12 true\nsq6 36 sq7 true\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

// culab patch 119: heap.Push hands its value to the heap's Push, a cell's
// method, with its methods: x.(Shape) there held.
func TestHeapPushCellValue(t *testing.T) {
	got := evalMain(t, `package main

import (
	"container/heap"
	"fmt"
)

type Shape interface{ Area() float64 }

type sq struct{ s float64 }

func (q sq) Area() float64 { return q.s * q.s }

type shapes []Shape

func (h shapes) Len() int           { return len(h) }
func (h shapes) Less(i, j int) bool { return h[i].Area() < h[j].Area() }
func (h shapes) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *shapes) Push(x any)        { *h = append(*h, x.(Shape)) }
func (h *shapes) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func main() {
	h := &shapes{sq{3}}
	heap.Push(h, sq{1})
	heap.Push(h, sq{2})
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h).(Shape).Area(), " ")
	}
	fmt.Println()
}
`)
	if want := "1 4 9 \n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
