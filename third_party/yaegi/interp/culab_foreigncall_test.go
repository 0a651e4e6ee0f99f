package interp_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	"github.com/traefik/yaegi/stdlib/unsafe"
)

// culab patch 160: a function that compiled code calls on a goroutine of
// its own, which panics or faults there, ends that goroutine and is
// reported to Options.GoroutinePanic, not the process's end; called on
// the interpreter's goroutine, its panic reaches the interpreted caller.
func TestPanicOnCompiledGoroutine(t *testing.T) {
	got := make(chan interp.GoroutinePanic, 1)
	i := interp.New(interp.Options{GoroutinePanic: func(p interp.GoroutinePanic) { got <- p }})
	after := make(chan bool, 1)
	ext := interp.Exports{"ext/ext": {
		"Go": reflect.ValueOf(func(f func()) {
			go func() {
				// Goexit runs the deferred calls, with no panic to recover.
				defer func() {
					r := recover()
					if r != nil {
						got <- interp.GoroutinePanic{Value: fmt.Sprintf("recovered by compiled code: %v", r)}
					}
					after <- r == nil
				}()
				f()
			}()
		}),
		"Call": reflect.ValueOf(func(f func()) { f() }),
	}}
	for _, s := range []interp.Exports{stdlib.Symbols, unsafe.Symbols, ext} {
		if err := i.Use(s); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := i.Eval("import (\"ext\"; \"unsafe\")"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ code, want string }{
		{"ext.Go(func() { panic(\"boom\") })", "boom"},
		{"ext.Go(func() { println(*(*int)(unsafe.Pointer(uintptr(0xdeadbeef)))) })", "runtime error: invalid memory address or nil pointer dereference"},
	} {
		if _, err := i.Eval(c.code); err != nil {
			t.Fatal(err)
		}
		if p := <-got; fmt.Sprint(p.Value) != c.want || !p.Called {
			t.Errorf("%q: %+v", c.code, p)
		}
		if !<-after {
			t.Errorf("%q: the compiled caller recovered a panic", c.code)
		}
	}
	if _, err := i.Eval("func() { defer func() { println(recover().(string)) }(); ext.Call(func() { panic(\"caught\") }) }()"); err != nil {
		t.Errorf("a panic on the interpreter's goroutine: %v", err)
	}
}
