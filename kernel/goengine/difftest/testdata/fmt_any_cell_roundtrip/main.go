package main

import (
	"container/list"
	"encoding/json"
	"fmt"
	"sync"
)

// A value of a type without methods that holds one with a String method
// keeps its printing on the ways an any goes: function arguments and
// results, variadic parameters, append, channels, select, struct fields,
// and compiled containers; json sees its underlying value.
type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type Box struct {
	Val any
}

func id(v any) any { return v }

func all(vs ...any) []any { return vs }

func main() {
	fmt.Println(id([]ID{1}), all([]ID{2}, [1]ID{3}))
	var xs []any
	xs = append(xs, []ID{4})
	xs = append(xs, map[ID]int{5: 5}, [1]ID{6})
	fmt.Println(xs)
	ch := make(chan any, 2)
	ch <- []ID{7}
	select {
	case ch <- [1]ID{8}:
	default:
	}
	fmt.Println(<-ch, <-ch)
	b := Box{Val: []ID{9}}
	fmt.Printf("%v %+v\n", b, b)
	var m sync.Map
	m.Store("k", []ID{10})
	v, _ := m.Load("k")
	l := list.New()
	l.PushBack(map[string]ID{"x": 11})
	fmt.Println(v, l.Front().Value)
	out, err := json.Marshal([]any{[]ID{12}, map[ID]ID{13: 14}, b})
	fmt.Println(string(out), err)
}
