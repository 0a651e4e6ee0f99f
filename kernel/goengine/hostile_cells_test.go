package goengine

import (
	"strings"
	"testing"
	"time"
)

// Cells a student might type that would end or corrupt a process: each
// ends with a clear error of the cell (or does what Go does), nothing runs
// past the failing line, and the engine answers the next cell with the
// notebook's variables intact. Those that end the process in compiled Go
// too (a fatal error) are cut short before it.
func TestHostileCells(t *testing.T) {
	e := shared(t)
	ok(t, e, "hcKeep := 41")
	for _, c := range []struct {
		name, code string
		errName    string // "" for a cell that succeeds
		want       string // in the error's value, or in stdout
	}{
		{"huge make", "hcB := make([]byte, 1<<50)\nfmt.Println(\"after\", len(hcB))",
			"panic", "runtime error: makeslice: len out of range"},
		{"capacity past the machine's memory", "hcN := 1 << 40\nhcXs := make([]int64, 0, hcN)\nfmt.Println(\"after\", cap(hcXs))",
			"panic", "runtime error: makeslice: cap out of range"},
		{"negative length", "hcL := -1\nhcS := make([]int, hcL)\nfmt.Println(\"after\", hcS)",
			"panic", "runtime error: makeslice: len out of range"},
		{"output length overflow", "hcR := strings.Repeat(\"ab\", 1<<62)\nfmt.Println(\"after\", len(hcR))",
			"panic", "strings: Repeat output length overflow"},
		{"wild pointer through unsafe", "import \"unsafe\"\nhcP := (*int)(unsafe.Pointer(uintptr(0xdeadbeef)))\nfmt.Println(\"after\", *hcP)",
			"panic", "runtime error: invalid memory address or nil pointer dereference"},
		{"os.Exit", "fmt.Print(\"\")\nos.Exit(3)\nfmt.Println(\"after\")",
			"panic", "os.Exit(3)"},
		{"debug.SetMaxStack", "import \"runtime/debug\"\ndebug.SetMaxStack(1 << 16)\nfmt.Println(\"after\")",
			"panic", "debug.SetMaxStack is not available in a cell"},
		{"debug.SetMaxThreads", "debug.SetMaxThreads(2)\nfmt.Println(\"after\")",
			"panic", "debug.SetMaxThreads is not available in a cell"},
		{"reflect call with a wrong argument", "import \"reflect\"\nhcF := reflect.ValueOf(strings.ToUpper)\nfmt.Println(\"after\", hcF.Call([]reflect.Value{reflect.ValueOf(1)}))",
			"panic", "reflect: Call using int as type string"},
		{"a value that holds itself", "hcX := []any{nil}\nhcX[0] = hcX\nfmt.Println(\"after\", len(fmt.Sprint(hcX)))",
			"StackOverflow", "printing a value nested that deep (does it hold itself?)"},
		{"blocks nested too deep", "{\n" + strings.Repeat("{\n", 2000) + strings.Repeat("}\n", 2000) + "fmt.Println(\"after\")\n}",
			"SyntaxError", "exceeded max scope depth"},
		{"a struct that points to itself prints an address", "type hcNode struct{ next *hcNode }\nhcN1 := &hcNode{}\nhcN1.next = hcN1\nfmt.Printf(\"%v\\n\", hcN1)",
			"", "&{0x"},
		{"Goexit in a goroutine ends only the goroutine", "import \"runtime\"\nhcDone := make(chan bool)\ngo func() { defer close(hcDone); runtime.Goexit() }()\n<-hcDone\nfmt.Println(\"waited\")",
			"", "waited\n"},
		{"expressions nested deep", "hcDeep := " + strings.Repeat("(", 3000) + "1" + strings.Repeat(")", 3000) + "\nfmt.Println(hcDeep)",
			"", "1\n"},
	} {
		r, rep := execWithin(t, e, c.code)
		out := r.text("stdout")
		switch {
		case c.errName == "" && rep.Error != nil:
			t.Errorf("%s: %s: %s", c.name, rep.Error.Name, rep.Error.Value)
		case c.errName == "" && !strings.Contains(out, c.want):
			t.Errorf("%s: stdout %.200q, want %q in it", c.name, out, c.want)
		case c.errName != "" && (rep.Error == nil || rep.Error.Name != c.errName || !strings.Contains(rep.Error.Value, c.want)):
			t.Errorf("%s: %+v, want %s: …%s…", c.name, rep.Error, c.errName, c.want)
		case strings.Contains(out, "after"):
			t.Errorf("%s: the cell went on past the failing line: %q", c.name, out)
		}
		if got := ok(t, e, "hcKeep + 1").result(); got != "42" {
			t.Fatalf("after %s: hcKeep + 1 = %q", c.name, got)
		}
	}
}

// Runaway recursion in a goroutine that a cell started ends that goroutine
// with a stack overflow reported on stderr; the cell and the engine go on.
func TestHostileGoroutineRecursion(t *testing.T) {
	e := shared(t)
	r, rep := execWithin(t, e, "func hgRec(n int) int { return hgRec(n+1) + 1 }\nhgDone := make(chan bool)\n"+
		"go func() {\n\tdefer close(hgDone)\n\thgRec(0)\n}()\n<-hgDone\nfmt.Println(\"waited\")")
	if rep.Error != nil || r.text("stdout") != "waited\n" {
		t.Fatalf("%+v %q", rep.Error, r.text("stdout"))
	}
	// The report follows the goroutine's deferred close: it may come after
	// the cell ended, among the text kept for the next cell.
	waitReported(t, e, r, "stack overflow: recursion deeper than", 1)
	ok(t, e, "fmt.Println(\"next\")")
}

// Many goroutines panicking at once are each reported, and the engine
// goes on.
func TestHostileManyGoroutinePanics(t *testing.T) {
	e := shared(t)
	r, rep := execWithin(t, e, "for hmI := range 50 {\n\tgo func() { panic(fmt.Sprint(\"hm-boom-\", hmI)) }()\n}")
	if rep.Error != nil {
		t.Fatalf("%+v", rep.Error)
	}
	waitReported(t, e, r, "hm-boom-", 50)
	if got := ok(t, e, "fmt.Println(\"next\")").text("stdout"); got != "next\n" {
		t.Errorf("next cell: %q", got)
	}
}

// A line of 4 MiB without a newline is cut at the output limit with a
// notice; the next cell prints in full.
func TestHostileLongLine(t *testing.T) {
	e, err := New(Options{OutputLimit: 1 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	r := ok(t, e, "fmt.Print(strings.Repeat(\"x\", 4<<20))")
	if out := r.text("stdout"); len(out) > 1<<10 || !strings.HasPrefix(out, "xxx") {
		t.Errorf("stdout of %d bytes", len(out))
	}
	if notice := r.text("stderr"); !strings.Contains(notice, "output") {
		t.Errorf("no notice of the cut: %q", notice)
	}
	if got := ok(t, e, "fmt.Println(\"next\")").text("stdout"); got != "next\n" {
		t.Errorf("next cell: %q", got)
	}
}

// waitReported waits until text appears n times in the cell's stderr and
// the text printed between cells.
func waitReported(t *testing.T, e *Engine, r *recorder, text string, n int) {
	t.Helper()
	var got int
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		e.cap.mu.Lock()
		kept := string(e.cap.kept[stderr])
		e.cap.mu.Unlock()
		if got = strings.Count(r.text("stderr")+kept, text); got >= n {
			return
		}
	}
	t.Fatalf("%q reported %d times, want %d", text, got, n)
}
