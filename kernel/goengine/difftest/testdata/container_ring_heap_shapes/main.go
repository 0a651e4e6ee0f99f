// container/ring and container/heap holding values of types with
// methods, read back through an interface; sort.Slice of []Shape.
package main

import (
	"container/heap"
	"container/ring"
	"fmt"
	"sort"
)

type Shape interface {
	Area() float64
}

type Rect struct{ W, H float64 }

func (r Rect) Area() float64  { return r.W * r.H }
func (r Rect) String() string { return fmt.Sprintf("%gx%g", r.W, r.H) }

type Tri struct{ B, H float64 }

func (t *Tri) Area() float64 { return t.B * t.H / 2 }

// byArea is a min-heap of shapes.
type byArea []Shape

func (h byArea) Len() int           { return len(h) }
func (h byArea) Less(i, j int) bool { return h[i].Area() < h[j].Area() }
func (h byArea) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *byArea) Push(x any)        { *h = append(*h, x.(Shape)) }
func (h *byArea) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func main() {
	r := ring.New(3)
	for _, s := range []Shape{Rect{1, 2}, &Tri{4, 3}, Rect{3, 3}} {
		r.Value = s
		r = r.Next()
	}
	total := 0.0
	r.Do(func(v any) {
		if s, ok := v.(Shape); ok {
			total += s.Area()
		}
	})
	fmt.Println(total, r.Value)

	h := &byArea{Rect{5, 5}, &Tri{2, 2}}
	heap.Init(h)
	heap.Push(h, Rect{1, 1})
	heap.Push(h, &Tri{10, 1})
	for h.Len() > 0 {
		s := heap.Pop(h).(Shape)
		fmt.Printf("%.1f ", s.Area())
	}
	fmt.Println()

	shapes := []Shape{Rect{2, 2}, &Tri{1, 1}, Rect{1, 3}}
	sort.Slice(shapes, func(i, j int) bool { return shapes[i].Area() < shapes[j].Area() })
	for _, s := range shapes {
		fmt.Printf("%.1f ", s.Area())
	}
	fmt.Println(shapes[len(shapes)-1])
}
