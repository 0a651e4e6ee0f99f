package main

import (
	"container/list"
	"fmt"
	"sort"
	"sync"
)

type level int
type tag string
type ids []int

func kind(v any) string {
	switch v.(type) {
	case level:
		return "level"
	case int:
		return "int"
	case tag:
		return "tag"
	case string:
		return "string"
	case ids:
		return "ids"
	case []int:
		return "[]int"
	}
	return "?"
}

func forward(args ...any) []string {
	var out []string
	for _, a := range args {
		out = append(out, kind(a))
	}
	return out
}

func main() {
	// Values of named types without methods, put in an any, keep their
	// dynamic type through compiled containers and variadic forwarding.
	l := list.New()
	l.PushBack(level(1))
	l.PushBack(1)
	l.PushBack(tag("t"))
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(kind(e.Value), " ")
	}
	fmt.Println()
	var m sync.Map
	m.Store("a", ids{1})
	m.Store("b", []int{2})
	for _, k := range []string{"a", "b"} {
		v, _ := m.Load(k)
		fmt.Print(kind(v), " ")
	}
	fmt.Println()
	xs := []any{tag("z"), "y", level(3), 2}
	fmt.Println(forward(xs...), forward(level(0), "s"))
	sort.Slice(xs, func(i, j int) bool { return kind(xs[i]) < kind(xs[j]) })
	fmt.Println(forward(xs...))
	ch := make(chan any, 2)
	ch <- level(9)
	ch <- 9
	fmt.Println(kind(<-ch), kind(<-ch))
}
