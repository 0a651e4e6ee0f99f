package interp

import (
	"bytes"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/traefik/yaegi/stdlib"
)

// culab patch 47: compiled code gets a cell value put in an any as it got
// it before the patch (its reflect value: a []int for a []ID), and fmt its
// type, after a round trip through compiled code too.
func TestAnyTagsCompiledGetsTheValue(t *testing.T) {
	var out bytes.Buffer
	var took []any
	i := newTestInterp(t, &out)
	if err := i.Use(Exports{"probe/probe": {
		"Take": reflect.ValueOf(func(v any) any { took = append(took, v); return v }),
	}}); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`package main

import (
	"fmt"
	"probe"
)

type ID int

func (i ID) String() string { return fmt.Sprint("ID-", int(i)) }

type Pair struct{ K, V ID }

func main() {
	var a any = []ID{7}
	back := probe.Take(a)
	probe.Take(map[ID]ID{1: 2})
	probe.Take(Pair{3, 4})
	fmt.Println(a, back, probe.Take(&Pair{5, 6}))
}
`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "[ID-7] [ID-7] &{ID-5 ID-6}\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	if len(took) != 4 {
		t.Fatalf("compiled code got %d values, want 4", len(took))
	}
	for k, want := range []any{[]int{7}, map[int]int{1: 2}} {
		if !reflect.DeepEqual(took[k], want) || reflect.TypeOf(took[k]) != reflect.TypeOf(want) {
			t.Errorf("compiled code got %#v (%T), want %#v", took[k], took[k], want)
		}
	}
	if pv := reflect.ValueOf(took[2]); pv.Kind() != reflect.Struct || pv.Field(0).Int() != 3 || pv.Field(1).Int() != 4 {
		t.Errorf("compiled code got %#v, want the struct {3 4}", took[2])
	}
}

// newTestInterp returns an interpreter with the standard library.
func newTestInterp(t *testing.T, out io.Writer) *Interpreter {
	t.Helper()
	i := New(Options{Stdout: out, Stderr: io.Discard})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	return i
}

// culab patch 47: the notes of boxes, chunks and maps that the program no
// longer holds are swept out once the collector freed them.
func TestAnyTagsForgotten(t *testing.T) {
	var out bytes.Buffer
	i := newTestInterp(t, &out)
	_, err := i.Eval(`package main

import "fmt"

type ID int

func (i ID) String() string { return fmt.Sprint("ID-", int(i)) }

var keep []any

func main() {
	for i := 0; i < 2000; i++ {
		keep = append(keep, []ID{ID(i)}, map[ID]ID{ID(i): 1}, [1]ID{ID(i)})
	}
	fmt.Println(keep[len(keep)-3:])
}
`)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "[[ID-1999] map[ID-1999:ID-1] [ID-1999]]\n" {
		t.Fatalf("printed %q", got)
	}
	// 2000 maps, 2000 slices (boxes of their own), 2000 arrays in chunks
	// of 64.
	if n := i.anyTags.count.Load(); n < 4000+2000/64 {
		t.Fatalf("%d notes of the values kept, want 4032", n)
	}
	if _, err := i.Eval("keep = nil"); err != nil {
		t.Fatal(err)
	}
	// A sweep once the collector freed them (notes are swept as more
	// are added). What may stay: the chunk being filled.
	deadline := time.Now().Add(time.Minute)
	for {
		runtime.GC()
		i.anyTags.mu.Lock()
		i.anyTags.sweep()
		i.anyTags.mu.Unlock()
		n := i.anyTags.count.Load()
		if n <= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d notes left a minute after the values were dropped", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// culab patch 47: a map put in an any as two types of the same reflect
// type has no type for fmt (it prints as before the patch), rather than
// that of the latest.
func TestAnyTagsSeveralTypes(t *testing.T) {
	var out bytes.Buffer
	i := newTestInterp(t, &out)
	_, err := i.Eval(`package main

import "fmt"

type ID int

func (i ID) String() string { return fmt.Sprint("ID-", int(i)) }

type M map[ID]ID

func main() {
	m := map[ID]ID{1: 2}
	var a any = m
	fmt.Printf("%v %T\n", a, a)
	var b any = M(m)
	fmt.Printf("%v %T %v %T\n", a, a, b, b)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "map[ID-1:ID-2] map[main.ID]main.ID\nmap[1:2] map[int]int map[1:2] map[int]int\n"
	if got := out.String(); got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// culab patch 47: goroutines that put values in anys and print them at
// once (go test -race).
func TestAnyTagsConcurrent(t *testing.T) {
	var out bytes.Buffer
	i := newTestInterp(t, &out)
	_, err := i.Eval(`package main

import (
	"fmt"
	"sync"
)

type ID int

func (i ID) String() string { return "ID" }

func main() {
	var wg sync.WaitGroup
	res := make([]string, 4)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			var s string
			for k := 0; k < 300; k++ {
				var a any = []ID{ID(k)}
				s = fmt.Sprint(a)
			}
			res[g] = s
		}(g)
	}
	wg.Wait()
	fmt.Println(res)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(out.String()); got != "[[ID] [ID] [ID] [ID]]" {
		t.Errorf("printed %q", got)
	}
}

// culab patch 47: a value dropped from an any is freed while another
// value of its type stays in one (a box that held pointers in a chunk of
// boxes would keep what they point to alive with the chunk).
func TestAnyTagsDroppedValueFreed(t *testing.T) {
	var out bytes.Buffer
	i := newTestInterp(t, &out)
	_, err := i.Eval(`package main

type ID int

func (i ID) String() string { return "ID" }

var keep, big any

func ids(n int) any {
	s := make([]ID, n)
	return s
}

func main() { keep = ids(1) }
`)
	if err != nil {
		t.Fatal(err)
	}
	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	base := live()
	// As culab runs a cell: the statement's temporaries are let go
	// (patch 44).
	p, err := i.Compile("big = ids(16 << 20)") // 128 MiB
	if err == nil {
		_, err = i.Execute(p)
	}
	if err != nil {
		t.Fatal(err)
	}
	i.ClearTemps(p)
	if n := live(); n < base+100<<20 {
		t.Fatalf("live heap %d MiB over the base with the value held, want 128", (n-base)>>20)
	}
	if _, err := i.Eval("big = nil"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for n := live(); n > base+32<<20; n = live() {
		if time.Now().After(deadline) {
			t.Fatalf("live heap %d MiB over the base a minute after the value was dropped", (n-base)>>20)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := i.Eval("keep = nil"); err != nil { // the interpreter lives on
		t.Fatal(err)
	}
}
