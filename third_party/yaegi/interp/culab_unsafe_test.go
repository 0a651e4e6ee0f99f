package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	"github.com/traefik/yaegi/stdlib/unsafe"
)

func evalUnsafe(src string) (string, error) {
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		return "", err
	}
	if err := i.Use(unsafe.Symbols); err != nil {
		return "", err
	}
	_, err := i.Eval(src)
	return out.String(), err
}

// culab patch 111: unsafe.Slice, unsafe.SliceData, unsafe.String and
// unsafe.StringData, as Go has them: typed by their arguments, sharing
// memory, in global declarations too, and with Go's run-time errors.
func TestUnsafeSliceString(t *testing.T) {
	src := `package main

import (
	"fmt"
	"unsafe"
)

type point struct{ X, Y int16 }

var arr = [4]int{1, 2, 3, 4}
var head = unsafe.Slice(&arr[0], 3)

func view(p *point, n int) []point { return unsafe.Slice(p, n) }

func catch(f func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	f()
	return ""
}

func main() {
	a := [4]int32{10, 20, 30, 40}
	s := unsafe.Slice(&a[1], uint8(2))
	s[0] = 99
	fmt.Println(s, len(s), cap(s), a, head)
	pts := []point{{1, 2}, {3, 4}}
	v := view(&pts[0], 2)
	v[1].X = 30
	fmt.Println(pts, unsafe.SliceData(pts) == &pts[0], unsafe.SliceData(v).Y)
	var x any = unsafe.Slice(&pts[1], 1)
	fmt.Println(x)
	b := []byte("culab")
	str := unsafe.String(unsafe.SliceData(b), 3)
	fmt.Println(str, *unsafe.StringData("xyz"), string(unsafe.Slice(unsafe.StringData("gopher"), 2)))
	var np *int
	var none []int
	fmt.Println(unsafe.Slice(np, 0) == nil, unsafe.SliceData(none) == nil, len(unsafe.Slice(&struct{}{}, 5)))
	n := -1
	fmt.Println(catch(func() { _ = unsafe.Slice(np, 3) }))
	fmt.Println(catch(func() { _ = unsafe.Slice(&a[0], n) }))
	fmt.Println(catch(func() { _ = unsafe.String(nil, n+2) }))
	big := uint64(1) << 63
	fmt.Println(catch(func() { _ = unsafe.Slice(&a[0], big) }))
}
`
	want := `[99 30] 2 2 [10 99 30 40] [1 2 3]
[{1 2} {30 4}] true 2
[{30 4}]
cul 120 go
true true 5
runtime error: unsafe.Slice: ptr is nil and len is not zero
runtime error: unsafe.Slice: len out of range
runtime error: unsafe.String: ptr is nil and len is not zero
runtime error: unsafe.Slice: len out of range
`
	out, err := evalUnsafe(src)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The interpreter notes each recovered panic on stderr, here mixed in.
	var lines []string
	for _, l := range strings.SplitAfter(out, "\n") {
		if !strings.Contains(l, ": panic: ") {
			lines = append(lines, l)
		}
	}
	if got := strings.Join(lines, ""); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

// Misuse is a compile error, as in Go.
func TestUnsafeSliceStringErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		// Go's messages.
		{"_ = unsafe.Slice(1, 2)", "invalid argument: 1 (untyped int constant) is not a pointer"},
		{"x := 1; _ = unsafe.Slice(&x, -1)", "invalid argument: length -1 (constant of type int) must not be negative"},
		{"x := 1; _ = unsafe.Slice(&x, uint64(1)<<63)", "overflows int"},
		{"x := 1; _ = unsafe.Slice(&x, 1.5)", "truncated"},
		{"x := 1; _ = unsafe.String(&x, 1)", "cannot use &x (value of type *int) as *byte value in argument to unsafe.String"},
		{"_ = unsafe.SliceData(3)", "invalid argument: 3 (untyped int constant) is not a slice"},
		{"_ = unsafe.StringData(3)", "cannot use 3 (untyped int constant) as string value in argument to unsafe.StringData"},
		{"x := 1; _ = unsafe.Slice(&x)", "not enough arguments"},
		{"x := []int{1}; defer unsafe.SliceData(x)", "defer discards result of unsafe.SliceData(x)"},
	} {
		src := "package main\nimport \"unsafe\"\nfunc main() { " + c.body + " }\n"
		out, err := evalUnsafe(src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v (%s), want one saying %q", c.body, err, out, c.want)
		}
	}
}

// culab patch 114: unsafe.Alignof is a constant, as unsafe.Sizeof is (a
// local const of it was 0: its name was misspelt "AlignOf" in cfg); patch
// 115: unsafe.Add takes a length of any integer type.
func TestUnsafeAlignofAdd(t *testing.T) {
	src := `package main

import (
	"fmt"
	"unsafe"
)

type pair struct {
	A byte
	B int64
}

const globalAlign = unsafe.Alignof(int64(0))

func main() {
	const a = unsafe.Alignof(int32(0))
	const b = unsafe.Alignof(pair{}.B)
	var arr [a]byte
	fmt.Println(a, b, globalAlign, len(arr), unsafe.Offsetof(pair{}.B))
	xs := []int32{10, 20, 30}
	p := unsafe.Pointer(&xs[0])
	fmt.Println(*(*int32)(unsafe.Add(p, 2*unsafe.Sizeof(xs[0]))), *(*int32)(unsafe.Add(p, int8(4))))
	last := unsafe.Add(p, uintptr(8))
	fmt.Println(*(*int32)(unsafe.Add(last, -4)), unsafe.Add(nil, 0) == nil)
}
`
	out, err := evalUnsafe(src)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := "4 8 8 4 8\n30 20\n20 true\n"; out != want {
		t.Errorf("got:\n%swant:\n%s", out, want)
	}
	for _, c := range []struct{ body, want string }{
		{"x := 1; _ = unsafe.Add(&x, 1)", "cannot use &x (value of type *int) as unsafe.Pointer value in argument to unsafe.Add"},
		{"x := 1; _ = unsafe.Add(unsafe.Pointer(&x), 1.5)", "truncated"},
	} {
		src := "package main\nimport \"unsafe\"\nfunc main() { " + c.body + " }\n"
		out, err := evalUnsafe(src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v (%s), want one saying %q", c.body, err, out, c.want)
		}
	}
}
