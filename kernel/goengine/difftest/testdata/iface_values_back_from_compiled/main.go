package main

import (
	"container/list"
	"errors"
	"fmt"
	"sync"
)

type myErr struct{ code int }

func (e myErr) Error() string { return fmt.Sprint("E", e.code) }

type buf struct{ data []byte }

func (b *buf) Reset() { b.data = b.data[:0] }

type shape interface{ Area() int }
type sq int

func (s sq) Area() int      { return int(s * s) }
func (s sq) String() string { return fmt.Sprint("sq", int(s)) }

func main() {
	w := fmt.Errorf("ctx: %w", myErr{7})
	inner := errors.Unwrap(w)
	me, ok := inner.(myErr)
	fmt.Println(me.code, ok, inner)
	j := errors.Join(myErr{1}, myErr{2})
	if u, ok := j.(interface{ Unwrap() []error }); ok {
		for _, e := range u.Unwrap() {
			fmt.Print(e.(myErr).code, " ")
		}
		fmt.Println()
	}
	pool := sync.Pool{New: func() any { return &buf{} }}
	b := pool.Get().(*buf)
	b.data = append(b.data, "hi"...)
	b.Reset()
	pool.Put(b)
	fmt.Println(len(pool.Get().(*buf).data))
	l := list.New()
	l.PushBack(sq(2))
	var s shape = sq(3)
	l.PushBack(s)
	total := 0
	for e := l.Front(); e != nil; e = e.Next() {
		total += e.Value.(shape).Area()
		fmt.Print(e.Value, " ")
	}
	fmt.Println(total)
	var once sync.Once
	var got shape
	for i := 0; i < 3; i++ {
		once.Do(func() { got = sq(i + 4) })
	}
	fmt.Println(got, got.Area())
	var m sync.Map
	m.Store("k", s)
	v, _ := m.Load("k")
	fmt.Println(v.(shape).Area(), v)
	m.Range(func(k, v any) bool {
		_, isS := v.(fmt.Stringer)
		fmt.Println(k, v, isS)
		return true
	})
}
