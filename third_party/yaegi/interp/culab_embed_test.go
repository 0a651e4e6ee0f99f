package interp_test

import (
	"bytes"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 38: a struct whose only field embeds a compiled interface
// (sort.Interface) is a type (reflect.StructOf panicked), and sort.Sort
// calls its own and its promoted methods.
func TestEmbeddedCompiledInterface(t *testing.T) {
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`package main

import (
	"fmt"
	"sort"
)

type reverse struct{ sort.Interface }

func (r reverse) Less(i, j int) bool { return r.Interface.Less(j, i) }

func main() {
	xs := []int{3, 1, 2}
	sort.Sort(reverse{sort.IntSlice(xs)})
	fmt.Println(xs, reverse{sort.IntSlice(xs)}.Len())
}`)
	if err != nil || out.String() != "[3 2 1] 3\n" {
		t.Errorf("%q, %v", out.String(), err)
	}
}
