package interp_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	"github.com/traefik/yaegi/stdlib/unsafe"
)

// culab patch 42: printing a value that holds itself ends the printing call
// with a *StackOverflow (Go's fmt recurses until its fatal stack overflow).
func TestPrintValueHoldingItself(t *testing.T) {
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval("import \"fmt\"\nfunc show() { x := []any{nil}; x[0] = x; fmt.Println(len(fmt.Sprint(x))) }"); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval("show()")
	if err == nil || !strings.Contains(err.Error(), "printing a value nested that deep") || out.Len() != 0 {
		t.Errorf("err %v, out %q", err, out.String())
	}
}

// culab patch 42: a fault at a wild address in a goroutine that interpreted
// code started is a panic that Options.GoroutinePanic gets, not a fatal
// error of the process.
func TestGoroutineFaultIsPanic(t *testing.T) {
	got := make(chan interp.GoroutinePanic, 1)
	i := interp.New(interp.Options{GoroutinePanic: func(p interp.GoroutinePanic) { got <- p }})
	for _, s := range []interp.Exports{stdlib.Symbols, unsafe.Symbols} {
		if err := i.Use(s); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := i.Eval("import \"unsafe\""); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval("go func() { p := (*int)(unsafe.Pointer(uintptr(0xdeadbeef))); println(*p) }()"); err != nil {
		t.Fatal(err)
	}
	if p := <-got; !strings.Contains(fmt.Sprint(p.Value), "invalid memory address") {
		t.Errorf("%v", p.Value)
	}
}
