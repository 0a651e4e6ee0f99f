package interp_test

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 121: a call of a method of a compiled type asks
// Options.MethodGuard, whose check runs with the arguments before each
// call; a panic there is the code's, which recover catches.
func TestMethodGuard(t *testing.T) {
	var asked []string
	i := interp.New(interp.Options{MethodGuard: func(recv reflect.Type, method string) func([]reflect.Value) {
		if recv.Kind() == reflect.Pointer {
			recv = recv.Elem()
		}
		asked = append(asked, recv.String()+"."+method)
		if recv != reflect.TypeFor[bytes.Buffer]() || method != "Grow" {
			return nil
		}
		return func(args []reflect.Value) {
			if args[0].Int() > 100 {
				panic(fmt.Errorf("Grow(%d) refused", args[0].Int()))
			}
		}
	}})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`import ("bytes"; "fmt")
var b bytes.Buffer
func grow(n int) (r string) {
	defer func() {
		if p := recover(); p != nil {
			r = fmt.Sprint(p)
		}
	}()
	b.Grow(n)
	b.WriteString("x")
	return fmt.Sprint("grew, len ", b.Len())
}`)
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int]string{10: "grew, len 1", 1 << 40: "Grow(1099511627776) refused"} {
		v, err := i.Eval(fmt.Sprintf("grow(%d)", n))
		if err != nil || v.Interface() != want {
			t.Errorf("grow(%d) = %v, %v; want %q", n, v, err, want)
		}
	}
	if !strings.Contains(strings.Join(asked, " "), "bytes.Buffer.Grow") || !strings.Contains(strings.Join(asked, " "), "bytes.Buffer.WriteString") {
		t.Errorf("asked about %q", asked)
	}
}

// culab patch 126: a method value of a compiled type, called later, is
// checked as the call is (g := b.Grow; g(1 << 40) escaped the guard).
func TestMethodGuardMethodValue(t *testing.T) {
	i := interp.New(interp.Options{MethodGuard: func(recv reflect.Type, method string) func([]reflect.Value) {
		if recv.Kind() == reflect.Pointer {
			recv = recv.Elem()
		}
		if recv != reflect.TypeFor[bytes.Buffer]() || method != "Grow" {
			return nil
		}
		return func(args []reflect.Value) {
			if args[0].Int() > 100 {
				panic(fmt.Errorf("Grow(%d) refused", args[0].Int()))
			}
		}
	}})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`import ("bytes"; "fmt")
func try(f func(int)) (r string) {
	defer func() {
		if p := recover(); p != nil {
			r = fmt.Sprint(p)
		}
	}()
	f(1 << 40)
	return "grew"
}
var b bytes.Buffer
var pb = &bytes.Buffer{}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"try(b.Grow)", "try(pb.Grow)", "g := b.Grow; try(g)", "try(func(n int) { h := pb.Grow; h(n) })"} {
		v, err := i.Eval(code)
		if err != nil || fmt.Sprint(v) != "Grow(1099511627776) refused" {
			t.Errorf("%s = %v, %v; want the guard's refusal", code, v, err)
		}
	}
}
