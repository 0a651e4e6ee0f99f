package interp_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// The types of TestFmtVerbs, declared here and in the interpreted program
// alike (fmtTypes), so that compiled Go says what the program must print.
type (
	fmtID  int
	fmtTmp float64
	fmtStr string
	fmtPt  struct {
		x, Y int
		T    fmtTmp
		s    fmtStr
	}
	fmtBoth       struct{ n int }
	fmtBytes      []byte
	fmtGen[T any] struct{ V T }
)

func (i fmtID) String() string      { return fmt.Sprintf("ID-%d", int(i)) }
func (t fmtTmp) String() string     { return fmt.Sprintf("%.1f°", float64(t)) }
func (fmtBoth) Error() string       { return "err" }
func (fmtBoth) String() string      { return "str" }
func (b *fmtBoth) GoString() string { return fmt.Sprint("both", b.n) }
func (g fmtGen[T]) String() string  { return fmt.Sprint("gen:", g.V) }

const fmtTypes = `type (
	fmtID  int
	fmtTmp float64
	fmtStr string
	fmtPt  struct {
		x, Y int
		T    fmtTmp
		s    fmtStr
	}
	fmtBoth  struct{ n int }
	fmtBytes []byte
	fmtGen[T any] struct{ V T }
)

func (i fmtID) String() string    { return fmt.Sprintf("ID-%d", int(i)) }
func (t fmtTmp) String() string   { return fmt.Sprintf("%.1f°", float64(t)) }
func (fmtBoth) Error() string      { return "err" }
func (fmtBoth) String() string     { return "str" }
func (b *fmtBoth) GoString() string { return fmt.Sprint("both", b.n) }
func (g fmtGen[T]) String() string { return fmt.Sprint("gen:", g.V) }
`

// culab patch 20: each verb and flag of fmt on values of interpreted
// types, alone and inside containers, prints what compiled Go prints.
func TestFmtVerbs(t *testing.T) {
	values := []struct {
		src string
		v   any
	}{
		{"fmtID(3)", fmtID(3)},
		{"fmtTmp(-1.25)", fmtTmp(-1.25)},
		{`fmtStr("hé")`, fmtStr("hé")},
		{"[]fmtID{1, 2}", []fmtID{1, 2}},
		{"[2]fmtStr{`a`}", [2]fmtStr{"a"}},
		{"map[fmtID]fmtTmp{2: 1, 1: 2}", map[fmtID]fmtTmp{2: 1, 1: 2}},
		{"fmtPt{1, 2, 3, `s`}", fmtPt{1, 2, 3, "s"}},
		{"&fmtPt{Y: 5}", &fmtPt{Y: 5}},
		{"[]*fmtPt{nil}", []*fmtPt{nil}},
		{"fmtBoth{1}", fmtBoth{1}},
		{"&fmtBoth{2}", &fmtBoth{2}},
		{"[]fmtBoth{{3}}", []fmtBoth{{3}}},
		{"[]*fmtBoth{{4}}", []*fmtBoth{{4}}},
		{"fmtBytes(`ab`)", fmtBytes("ab")},
		{"fmtGen[fmtID]{7}", fmtGen[fmtID]{7}},
		{"[]any{fmtID(1), fmtTmp(2), nil, `x`}", []any{fmtID(1), fmtTmp(2), nil, "x"}},
		{"struct{ A fmtID; b fmtID }{1, 2}", struct {
			A fmtID
			b fmtID
		}{1, 2}},
		{"map[string][]fmtID{`k`: {9}}", map[string][]fmtID{"k": {9}}},
		{"fmtBytes(nil)", fmtBytes(nil)},
		{"map[fmtStr]int(nil)", map[fmtStr]int(nil)},
		{"[]fmtGen[fmtStr]{{`a`}}", []fmtGen[fmtStr]{{"a"}}},
		{"error(fmtBoth{5})", error(fmtBoth{5})},
		{"[]error{fmtBoth{6}, nil}", []error{fmtBoth{6}, nil}},
		{"struct{ E error }{&fmtBoth{7}}", struct{ E error }{&fmtBoth{7}}},
	}
	verbs := []string{"%v", "%+v", "%#v", "%T", "%s", "%d", "%x", "%X", "%q", "%8v", "%-8v|", "%08.2f", "%t", "%e", "%c", "%U", "% x", "%+d", "%6.2s|", "%#x", "%#q", "%b", "%o", "%5.1q", "%+q", "%#+v"}
	var src strings.Builder
	var want bytes.Buffer
	src.WriteString("package main\n\nimport \"fmt\"\n\n" + fmtTypes + "\nfunc main() {\n")
	for _, v := range values {
		for _, verb := range verbs {
			fmt.Fprintf(&src, "\tfmt.Printf(%q, %s)\n", verb+"\n", v.src)
			fmt.Fprintf(&want, verb+"\n", v.v)
		}
	}
	src.WriteString("}\n")
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: io.Discard})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src.String()); err != nil {
		t.Fatal(err)
	}
	// Addresses differ; the test's types are of package interp_test.
	addr := regexp.MustCompile(`\b[0-9]{9,}\b|0x[0-9a-f]{6,}`)
	w := strings.ReplaceAll(want.String(), "github.com/traefik/yaegi/interp_test.", "main.")
	wants := strings.Split(addr.ReplaceAllString(strings.ReplaceAll(w, "interp_test.", "main."), "ADDR"), "\n")
	gots := strings.Split(addr.ReplaceAllString(out.String(), "ADDR"), "\n")
	if len(gots) != len(wants) {
		t.Fatalf("%d lines, want %d:\n%s", len(gots), len(wants), out.String())
	}
	k := 0
	for _, v := range values {
		for _, verb := range verbs {
			if gots[k] != wants[k] {
				t.Errorf("Printf(%q, %s) = %q, want %q", verb, v.src, gots[k], wants[k])
			}
			k++
		}
	}
}

// culab patch 20: a String method that prints its receiver with %v calls
// itself until the stack overflows, which ends the program in Go: fmt,
// which recovers a method's panic, does not hide the interpreter's
// *StackOverflow.
func TestFmtStringRecursionOverflows(t *testing.T) {
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: io.Discard, MaxStackFrames: 20000})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`package main

import "fmt"

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%v°C", c) }

func main() {
	fmt.Println("start")
	fmt.Println([]Celsius{3})
	fmt.Println("end")
}
`)
	var p interp.Panic
	if !errors.As(err, &p) {
		t.Fatalf("error %v, want a panic", err)
	}
	if _, ok := p.Value.(*interp.StackOverflow); !ok {
		t.Fatalf("panic %v, want a stack overflow", p.Value)
	}
	// What fmt made of the line is written before the panic, where Go
	// ends first.
	if o := out.String(); !strings.HasPrefix(o, "start\n") || strings.Contains(o, "end") {
		t.Errorf("printed %q, want start and not end", o)
	}
}

// culab patch 20: the CPU time of 1e5 prints, by their arguments' types,
// best of 7 (PATCHES.md has the figures before and after the patch):
//
//	CULAB_BENCH=1 go test -run TestFmtPrintCost -v ./interp/
func TestFmtPrintCost(t *testing.T) {
	if os.Getenv("CULAB_BENCH") == "" {
		t.Skip("a measure: set CULAB_BENCH=1")
	}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for _, call := range []string{"fmt.Sprint(i)", `fmt.Sprintf("%d %s %v", i, s, a)`, "fmt.Sprint(ID(i))", "fmt.Sprint(P{i, i})"} {
		best := time.Hour
		for range 7 {
			i := interp.New(interp.Options{Stdout: io.Discard})
			if err := i.Use(stdlib.Symbols); err != nil {
				t.Fatal(err)
			}
			prog, err := i.Compile(`package main

import "fmt"

type ID int

func (i ID) String() string { return "ID" }

type P struct{ X, y int }

var sink string

func main() {
	s, a := "x", any(3)
	_, _ = s, a
	for i := 0; i < 100000; i++ {
		sink = ` + call + `
	}
}
`)
			if err != nil {
				t.Fatal(err)
			}
			start := cpu()
			if _, err := i.Execute(prog); err != nil {
				t.Fatal(err)
			}
			best = min(best, cpu()-start)
		}
		t.Logf("%s: %v", call, best.Round(time.Millisecond))
	}
}
