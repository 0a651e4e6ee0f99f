package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type shape interface{ Area() float64 }
type rect struct{ w, h float64 }

func (r rect) Area() float64  { return r.w * r.h }
func (r rect) String() string { return fmt.Sprintf("rect %gx%g", r.w, r.h) }

type store struct{ m map[string]any }

func (s *store) Get(k string) any { return s.m[k] }
func (s *store) Shape(k string) shape {
	if v, ok := s.m[k].(shape); ok {
		return v
	}
	return nil
}

type stack[T any] struct{ xs []T }

func (s *stack[T]) Push(v T)     { s.xs = append(s.xs, v) }
func (s *stack[T]) PeekAny() any { return s.xs[len(s.xs)-1] }
func (s *stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.xs) == 0 {
		return zero, false
	}
	v := s.xs[len(s.xs)-1]
	s.xs = s.xs[:len(s.xs)-1]
	return v, true
}

type ints []int

func (x ints) Len() int           { return len(x) }
func (x ints) Less(i, j int) bool { return x[i] < x[j] }
func (x ints) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

func sorter(xs []int) sort.Interface { return ints(xs) }

type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

func writer() (io.Writer, *counter) { c := &counter{}; return c, c }

func pick(i int) fmt.Stringer {
	if i == 0 {
		return celsius(1)
	}
	return rect{2, 3}
}

func main() {
	s := &store{m: map[string]any{"t": celsius(20), "r": rect{1, 2}, "n": 5}}
	fmt.Println(s.Get("t"), s.Get("r"), s.Get("n"), s.Get("x"))
	fmt.Println(s.Shape("r"), s.Shape("t") == nil)
	if sh := s.Shape("r"); sh != nil {
		fmt.Println(sh.Area())
	}
	switch v := s.Get("t").(type) {
	case fmt.Stringer:
		fmt.Println("stringer", v.String())
	default:
		fmt.Println("other")
	}

	var st stack[celsius]
	st.Push(1)
	st.Push(2)
	fmt.Println(st.PeekAny())
	p, _ := st.Pop()
	fmt.Println(p, st.PeekAny())
	var rs stack[shape]
	rs.Push(rect{3, 3})
	fmt.Println(rs.PeekAny())
	top, _ := rs.Pop()
	fmt.Println(top.Area(), top)

	xs := []int{3, 1, 2}
	sort.Sort(sorter(xs))
	fmt.Println(xs)
	w, c := writer()
	fmt.Fprintf(w, "%s-%d", "abc", 12)
	io.Copy(w, strings.NewReader("12345"))
	fmt.Println(c.n)
	fmt.Println(pick(0), pick(1))
	list := []fmt.Stringer{pick(0), pick(1)}
	fmt.Printf("%v %s\n", list, list)
}
