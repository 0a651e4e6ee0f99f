// sync.Pool of cell types: Get asserts the type back; values put back
// are reused.
package main

import (
	"fmt"
	"strings"
	"sync"
)

type scratch struct {
	buf  []byte
	uses int
}

func (s *scratch) String() string {
	return fmt.Sprintf("scratch(%d uses, cap>=%v)", s.uses, cap(s.buf) >= 64)
}

var pool = sync.Pool{New: func() any { return &scratch{buf: make([]byte, 0, 64)} }}

func shout(word string) string {
	s := pool.Get().(*scratch)
	defer pool.Put(s)
	s.uses++
	s.buf = append(s.buf[:0], strings.ToUpper(word)...)
	s.buf = append(s.buf, '!')
	return string(s.buf)
}

func main() {
	fmt.Println(shout("go"), shout("pool"))
	s := pool.Get().(*scratch)
	fmt.Println(s.uses > 0 || s.uses == 0, cap(s.buf) >= 64)
	var m sync.Map
	m.Store("a", &scratch{uses: 3})
	m.Store("b", scratch{uses: 4})
	v, _ := m.Load("a")
	w, _ := m.Load("b")
	fmt.Println(v.(*scratch).uses, w.(scratch).uses, v)
	n := 0
	m.Range(func(k, v any) bool { n++; return true })
	fmt.Println(n)
}
