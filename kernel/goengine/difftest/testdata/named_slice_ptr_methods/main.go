package main

import (
	"fmt"
	"sort"
	"strings"
)

type Stack []string

func (s *Stack) Push(v ...string) { *s = append(*s, v...) }
func (s *Stack) Pop() string {
	old := *s
	v := old[len(old)-1]
	*s = old[:len(old)-1]
	return v
}
func (s Stack) Peek() string   { return s[len(s)-1] }
func (s Stack) String() string { return "<" + strings.Join(s, ",") + ">" }

type IntSet map[int]struct{}

func (s IntSet) Add(v int)      { s[v] = struct{}{} }
func (s IntSet) Has(v int) bool { _, ok := s[v]; return ok }
func (s IntSet) Sorted() (out []int) {
	for k := range s {
		out = append(out, k)
	}
	sort.Ints(out)
	return
}

type Counter map[string]int

func (c Counter) Top() string {
	best, n := "", -1
	for k, v := range c {
		if v > n || v == n && k < best {
			best, n = k, v
		}
	}
	return best
}

func main() {
	var s Stack
	s.Push("a", "b", "c")
	fmt.Println(s, s.Pop(), s.Peek(), len(s))
	ps := &s
	ps.Push("z")
	fmt.Println(ps, *ps)
	set := IntSet{}
	for _, v := range []int{5, 1, 5, 3} {
		set.Add(v)
	}
	fmt.Println(set.Sorted(), set.Has(3), set.Has(4), len(set))
	c := Counter{}
	for _, w := range strings.Fields("b a b c a") {
		c[w]++
	}
	fmt.Println(c.Top(), c)
}
