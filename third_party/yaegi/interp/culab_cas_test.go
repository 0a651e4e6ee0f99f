package interp_test

import "testing"

// culab patch 129: compare-and-swap of struct values of a cell type with
// methods in atomic.Value and sync.Map, and their methods called through
// a pointer of the cell's.
func TestCompareAndSwapCellValues(t *testing.T) {
	got := evalMain(t, `package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type config struct {
	Name    string
	Version int
}

func (c config) String() string { return fmt.Sprintf("%s@v%d", c.Name, c.Version) }

func main() {
	var v atomic.Value
	v.Store(config{"x", 1})
	fmt.Println(v.CompareAndSwap(config{"x", 1}, config{"y", 2}), v.Load())
	fmt.Println(v.CompareAndSwap(config{"x", 1}, config{"z", 3}), v.Load())
	pv := &v
	fmt.Println(pv.CompareAndSwap(config{"y", 2}, config{"r", 4}), pv.Load())
	_, ok := pv.Load().(fmt.Stringer)
	fmt.Println(ok)

	var m sync.Map
	pm := &m
	pm.Store("a", config{"a", 1})
	fmt.Println(m.CompareAndSwap("a", config{"a", 1}, config{"b", 2}))
	x, _ := pm.Load("a")
	fmt.Println(x)
	fmt.Println(pm.CompareAndDelete("a", config{"a", 1}), m.CompareAndDelete("a", config{"b", 2}))
}
`)
	if want := "true y@v2\nfalse y@v2\ntrue r@v4\ntrue\ntrue\nb@v2\nfalse true\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
