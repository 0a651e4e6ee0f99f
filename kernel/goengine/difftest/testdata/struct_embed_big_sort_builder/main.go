package main

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
)

type money struct {
	*big.Int
	cur string
}

type ledger struct {
	sort.StringSlice
	owner string
}

type words struct {
	strings.Builder
	count int
}

func (w *words) add(s string) {
	if w.count > 0 {
		w.WriteByte(' ')
	}
	w.WriteString(s)
	w.count++
}

func main() {
	m := money{big.NewInt(5), "EUR"}
	m.Add(m.Int, big.NewInt(37))
	fmt.Println(m, m.String(), m.cur, m.Sign())
	fmt.Printf("%v %s %d\n", m, m, m.Int)
	l := ledger{sort.StringSlice{"c", "a", "b"}, "me"}
	sort.Sort(l)
	fmt.Println(l.StringSlice, l.Len(), l.Search("b"))
	var w words
	w.add("hello")
	w.add("world")
	fmt.Println(w.String(), w.count, w.Len())
	fmt.Println(&w)
}
