package goengine

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
)

// Runaway recursion fails the cell with a stack overflow, for a function,
// a method and a func value, and the notebook's state survives.
func TestRunawayRecursion(t *testing.T) {
	e, err := New(Options{MaxStackFrames: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	ok(t, e, "keep := []int{1, 2, 3}")
	ok(t, e, "func f(n int) int { return f(n+1) + 1 }")
	cases := []struct{ code, want string }{
		{"f(0)", "recursion deeper than "},
		{"type T struct{}\nfunc (t T) m(n int) int { return t.m(n+1) + 1 }\nT{}.m(0)", " calls in m (line 2)"},
		{"var g func(int) int\ng = func(n int) int { return g(n+1) + 1 }\ng(0)", " calls in a function literal (line 2)"},
	}
	for _, c := range cases {
		xe := fails(t, e, c.code)
		if xe.Name != "StackOverflow" || !strings.HasPrefix(xe.Value, "stack overflow: ") || !strings.Contains(xe.Value, c.want) {
			t.Errorf("%q: %s: %s", c.code, xe.Name, xe.Value)
		}
	}
	xe := fails(t, e, "x := 1\nf(x)")
	if !strings.Contains(xe.Value, " calls in f (In[") || !strings.Contains(strings.Join(xe.Traceback, "\n"), "line 2: f(x)") {
		t.Errorf("the failing call and f's cell: %s %q", xe.Value, xe.Traceback)
	}
	// A recursion that stops in time is not one.
	ok(t, e, "func depth(n int) int { if n == 0 { return 0 }; return depth(n-1) + 1 }")
	if got := ok(t, e, "depth(2000)").result(); got != "2000" {
		t.Errorf("depth(2000) = %s", got)
	}
	if got := ok(t, e, "fmt.Sprint(keep)").result(); got != "[1 2 3]" {
		t.Errorf("state after the overflows: %s", got)
	}
}

// A panic deep in a recursion unwinds one frame at a time (each nested in
// the last, it took minutes at 16,000 calls; see the yaegi PATCHES.md,
// patch 2), still names the compiled function where it began, and runs
// and honours the deferred calls of every frame on the way.
func TestDeepPanic(t *testing.T) {
	e := shared(t)
	ok(t, e, "func deepPanic(n int) int {\n\tif n == 0 {\n\t\tvar d *cudalib.Device\n\t\tfmt.Println(d.String())\n\t}\n\treturn deepPanic(n-1) + 1\n}")
	xe := fails(t, e, "deepPanic(20000)")
	tb := strings.Join(xe.Traceback, "\n")
	if !strings.Contains(xe.Value, "nil pointer") || !strings.Contains(tb, "cudalib.(*Device).String") || !strings.Contains(tb, "... 19981 more calls") {
		t.Errorf("%s\n%s", xe.Value, tb)
	}
	// Recovered half-way: the frames above return normally.
	ok(t, e, "func halfway(n int) (r int) {\n\tdefer func() {\n\t\tif n == 10000 && recover() != nil {\n\t\t\tr = -1\n\t\t}\n\t}()\n\tif n == 0 {\n\t\tpanic(\"x\")\n\t}\n\treturn halfway(n-1) + 1\n}")
	if got := ok(t, e, "halfway(20000)").result(); got != "9999" {
		t.Errorf("halfway(20000) = %s, want 9999", got)
	}
}

// BenchmarkDeepPanic: a panic 20,000 interpreted calls deep, reported.
func BenchmarkDeepPanic(b *testing.B) {
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Shutdown(false)
	r := &recorder{}
	e.Execute(context.Background(), kernel.ExecuteRequest{Code: "func deep(n int) int {\n\tif n == 0 {\n\t\tpanic(\"bottom\")\n\t}\n\treturn deep(n-1) + 1\n}"}, r)
	for b.Loop() {
		if rep := e.Execute(context.Background(), kernel.ExecuteRequest{Code: "deep(20000)"}, &recorder{}); rep.Error == nil || rep.Error.Value != "bottom" {
			b.Fatalf("%+v", rep.Error)
		}
	}
}

// A panic in a goroutine that a cell started is reported on the stderr of
// the running cell, or of the next one; the engine goes on. (The test
// waits for each report before the next cell, and starts goroutines in a
// cell's last chunk: a goroutine that runs while a cell compiles races
// with the compiler, in the interpreter.)
func TestGoroutinePanic(t *testing.T) {
	e := shared(t)
	ok(t, e, "gpKeep := 7")
	// While the cell runs: it waits until the test has seen the report.
	t.Setenv("CULAB_TEST_GP1", "")
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		// One chunk: the goroutine must not run while the cell compiles.
		runWith(t, e, r, kernel.ExecuteRequest{Code: "{\n\tgo func() {\n\t\tpanic(\"boom\")\n\t}()\n" +
			"\tfor os.Getenv(\"CULAB_TEST_GP1\") == \"\" {\n\t\ttime.Sleep(time.Millisecond)\n\t}\n}"}, context.Background())
	}()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(r.text("stderr"), "boom") && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	os.Setenv("CULAB_TEST_GP1", "go")
	<-done
	if got := r.text("stderr"); !strings.Contains(got, "panic in a goroutine started at In[") || !strings.Contains(got, "line 2: boom") {
		t.Errorf("stderr of the running cell: %q", got)
	}
	// Between cells: the next cell reports it.
	t.Setenv("CULAB_TEST_GP2", "")
	ok(t, e, "go func() {\n\tfor os.Getenv(\"CULAB_TEST_GP2\") == \"\" {\n\t\ttime.Sleep(time.Millisecond)\n\t}\n\tvar m map[string]int\n\tm[\"a\"] = 1\n}()")
	os.Setenv("CULAB_TEST_GP2", "go")
	waitKept(t, e, stderr, "nil map")
	r = ok(t, e, "gpKeep")
	if got := r.text("stderr"); !strings.Contains(got, "line 1: assignment to entry in nil map") {
		t.Errorf("stderr of the next cell: %q", got)
	}
	if r.result() != "7" {
		t.Errorf("state after the panics: %q", r.result())
	}
}

// What a goroutine prints after its cell ended goes to the next cell.
func TestOutputBetweenCells(t *testing.T) {
	e := shared(t)
	t.Setenv("CULAB_TEST_LATE", "")
	r := ok(t, e, "fmt.Println(\"early\")\ngo func() {\n\tfor os.Getenv(\"CULAB_TEST_LATE\") == \"\" {\n\t\ttime.Sleep(time.Millisecond)\n\t}\n\tfmt.Println(\"late\")\n}()")
	if got := r.text("stdout"); got != "early\n" {
		t.Errorf("first cell: %q", got)
	}
	os.Setenv("CULAB_TEST_LATE", "go")
	waitKept(t, e, stdout, "late\n")
	if got := ok(t, e, `fmt.Println("next")`).text("stdout"); got != "late\nnext\n" {
		t.Errorf("next cell: %q", got)
	}
}

// waitKept waits until what was printed between cells on a stream has
// reached the capture's store, up to the end of want.
func waitKept(t *testing.T, e *Engine, stream int, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		e.cap.mu.Lock()
		kept := string(e.cap.kept[stream])
		e.cap.mu.Unlock()
		if strings.Contains(kept, want) {
			return
		}
	}
	t.Fatalf("%q was not printed between cells", want)
}

// Runtime errors of a cell read as Go's, without the interpreter's
// reflection in the way.
func TestRuntimeErrorsInGoWords(t *testing.T) {
	e := shared(t)
	for _, c := range []struct{ code, want string }{
		{"var reM map[string]int\nreM[\"a\"] = 1", "assignment to entry in nil map"},
		{"type reT struct{ x int }\nvar reP *reT\nfmt.Println(reP.x)", "runtime error: invalid memory address or nil pointer dereference"},
		{"reS := []int{1}\nreI := 5\nfmt.Println(reS[reI])", "runtime error: index out of range [5] with length 1"},
		{"reZ := 0\nfmt.Println(1 / reZ)", "runtime error: integer divide by zero"},
		{"var reV any = \"s\"\nfmt.Println(reV.(int))", "interface conversion: interface {} is string, not int"},
	} {
		xe := fails(t, e, c.code)
		if xe.Name != "panic" || xe.Value != c.want {
			t.Errorf("%q: %s: %q, want %q", c.code, xe.Name, xe.Value, c.want)
		}
	}
}

// runtime.Goexit in a cell ends the cell with an error, after its deferred
// calls, in a chunk's code and in a method that shows the result alike; the
// engine answers the next cell and the notebook's variables are kept.
func TestGoexitEndsTheCell(t *testing.T) {
	e := shared(t)
	ok(t, e, "geKeep := 5")
	for _, code := range []string{
		"import \"runtime\"\nfunc geRun() {\n\tdefer fmt.Println(\"deferred\")\n\truntime.Goexit()\n\tfmt.Println(\"after\")\n}\ngeRun()",
		"func geStop() { runtime.Goexit() }\nfor i := 0; i < 3; i++ {\n\tgeStop()\n}",
		"type geShow struct{}\nfunc (geShow) String() string { runtime.Goexit(); return \"\" }\ngeShow{}",
	} {
		r, rep := execWithin(t, e, code)
		if rep.Error == nil || rep.Error.Name != "Goexit" || !strings.Contains(rep.Error.Value, "runtime.Goexit ended the cell") {
			t.Errorf("%q: %+v", code, rep.Error)
		}
		if out := r.text("stdout"); strings.Contains(out, "after") || strings.Contains(code, "defer") && out != "deferred\n" {
			t.Errorf("%q went on after Goexit: %q", code, r.text("stdout"))
		}
	}
	if got := ok(t, e, "geKeep + 1").result(); got != "6" {
		t.Errorf("state after Goexit: %q", got)
	}
}

// execWithin runs a cell that must answer: a hang fails the test (after a
// minute, far beyond what the cell needs) instead of the whole run.
func execWithin(t *testing.T, e *Engine, code string) (*recorder, kernel.ExecuteReply) {
	t.Helper()
	r := &recorder{}
	type answer struct{ rep kernel.ExecuteReply }
	done := make(chan answer, 1)
	req := kernel.ExecuteRequest{Code: code, ExecutionCount: nextCount()}
	go func() { done <- answer{e.Execute(context.Background(), req, r)} }()
	select {
	case a := <-done:
		return r, a.rep
	case <-time.After(time.Minute):
		t.Fatalf("%q: no answer in a minute", code)
		return nil, kernel.ExecuteReply{}
	}
}

// A panic's value of a cell's type reads as Go prints it, by its Error or
// String method (the yaegi PATCHES.md, patch 9); a method that panics in
// turn leaves the type and the value, not "{}". An error result whose
// Error panics fails the cell likewise.
func TestPanicValueOfCellType(t *testing.T) {
	e := shared(t)
	ok(t, e, "type pvGood struct{ n int }\nfunc (pvGood) Error() string { return \"good\" }\n"+
		"type pvStr struct{ n int }\nfunc (pvStr) String() string { return \"str\" }\n"+
		"type pvBad struct{}\nfunc (pvBad) Error() string { panic(\"inner\") }\n"+
		"type pvBadPtr struct{ n int }\nfunc (*pvBadPtr) Error() string { var m map[string]int; m[\"a\"] = 1; return \"\" }\n"+
		"type pvI interface{ Error() string }")
	for _, c := range []struct{ code, want string }{
		{"panic(pvGood{3})", "good"},
		{"panic(pvStr{4})", "str"},
		{"var pvE pvI = pvGood{5}\npanic(pvE)", "good"},
		{"var pvErr error = pvGood{8}\npanic(pvErr)", "good"},
		{"panic(pvBad{})", "main.pvBad value {} (its Error method panicked: inner)"},
		{"panic(&pvBadPtr{6})", "*main.pvBadPtr value &{6} (its Error method panicked: assignment to entry in nil map)"},
		{"var pvE2 pvI = pvBad{}\npanic(pvE2)", "main.pvBad value {} (its Error method panicked: inner)"},
		{"func pvRet() error { return pvBad{} }\npvRet()", "line 2: error value {} (its Error method panicked: inner)"},
	} {
		if xe := fails(t, e, c.code); xe.Value != c.want {
			t.Errorf("%q: %s: %q, want %q", c.code, xe.Name, xe.Value, c.want)
		}
	}
	// Recovered, the value is the one passed to panic (it was a
	// reflect.Value: recover().(string) failed).
	ok(t, e, "func pvRec(v any) (r any) {\n\tdefer func() { r = recover() }()\n\tpanic(v)\n}")
	for code, want := range map[string]string{
		"pvRec(pvGood{7}).(pvGood).n":              "7",
		"pvRec(\"s\").(string)":                    "s",
		"pvRec(errors.New(\"e\")).(error).Error()": "e",
		"fmt.Sprintf(\"%T\", pvRec(1.5))":          "float64",
	} {
		if got := ok(t, e, code).result(); got != want {
			t.Errorf("%s = %s, want %s", code, got, want)
		}
	}
}

// A defer at a cell's top level, outside any function, is refused with a
// clear error: the interpreter attached it to the notebook's root frame
// and ran it at later calls of every cell, again and again.
func TestTopLevelDeferIsRefused(t *testing.T) {
	e := shared(t)
	xe := fails(t, e, "x := 1\ndefer fmt.Println(\"tdD\", x)\nfmt.Println(\"body\")")
	if xe.Name != "CompileError" || !strings.HasPrefix(xe.Value, "line 2: defer outside a function") {
		t.Errorf("%s: %s", xe.Name, xe.Value)
	}
	// In a function, and in a block statement (the engine runs it in a
	// function literal), a defer runs when that ends.
	r := ok(t, e, "func tdF() { defer fmt.Println(\"tdD\"); fmt.Println(\"in\") }\ntdF()\nfunc() { defer fmt.Println(\"lit\") }()\n"+
		"if true {\n\tdefer fmt.Println(\"block\")\n}")
	if got := r.text("stdout"); got != "in\ntdD\nlit\nblock\n" {
		t.Errorf("defers in functions: %q", got)
	}
	if got := ok(t, e, "fmt.Println(\"next\")").text("stdout"); got != "next\n" {
		t.Errorf("a later cell: %q", got)
	}
}

// A cell that closes os.Stdout or os.Stderr closes its own descriptor, not
// the engine's pipe: later cells still print (it broke every later cell's
// output: "redirect fd 1: bad file descriptor").
func TestCellClosesStdio(t *testing.T) {
	e, err := New(Options{CaptureFD: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	ok(t, e, "os.Stdout.Close()\nos.Stderr.Close()")
	r := ok(t, e, `fmt.Println("out")
fmt.Fprintln(os.Stdout, "os.Stdout")
fmt.Fprintln(os.Stderr, "os.Stderr")`)
	if got := r.text("stdout"); got != "out\nos.Stdout\n" {
		t.Errorf("stdout after the close: %q", got)
	}
	if got := r.text("stderr"); got != "os.Stderr\n" {
		t.Errorf("stderr after the close: %q", got)
	}
	ok(t, e, "os.Stdout = nil")
	if got := ok(t, e, `fmt.Fprintln(os.Stdout, "again")`).text("stdout"); got != "again\n" {
		t.Errorf("stdout after os.Stdout = nil: %q", got)
	}
}

// A cell's error is cut at the output limit, its value and traceback, as
// its output is.
func TestHugePanicCut(t *testing.T) {
	e, err := New(Options{OutputLimit: 1 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	xe := fails(t, e, `panic(strings.Repeat("x", 1<<22))`)
	if len(xe.Value) > 2<<10 || !strings.Contains(xe.Value, "[value truncated after 1 KiB; ") {
		t.Errorf("value of %d bytes: %.200q…", len(xe.Value), xe.Value)
	}
	if n := len(strings.Join(xe.Traceback, "")); n > 4<<10 {
		t.Errorf("traceback of %d bytes", n)
	}
}

// A byte order mark at the start of a cell is ignored, as by the Go
// compiler at the start of a file.
func TestByteOrderMark(t *testing.T) {
	e := shared(t)
	if got := ok(t, e, "\ufefffmt.Println(\"bom\")").text("stdout"); got != "bom\n" {
		t.Errorf("%q", got)
	}
}
