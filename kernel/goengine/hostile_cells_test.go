package goengine

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/internal/memlimit"
	"github.com/culab/culab/kernel"
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
			"Exit", "exit status 3"},
		{"os.Exit(0) ends the cell, skipping deferred calls", "func hcQuit() {\n\tdefer fmt.Println(\"deferred after\")\n\tdefer func() { fmt.Println(\"recovered after\", recover()) }()\n\tfmt.Println(\"before\")\n\tos.Exit(0)\n}\nhcQuit()\nfmt.Println(\"after\")",
			"", "before\n"},
		{"log.Fatal", "import \"log\"\nlog.Fatal(\"bad input\")\nfmt.Println(\"after\")",
			"Exit", "exit status 1"},
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
		{"GOMAXPROCS past the machine", "import \"runtime\"\nfmt.Println(\"after\", runtime.GOMAXPROCS(1 << 20))",
			"panic", "runtime.GOMAXPROCS(1048576): at most"},
		{"an array larger than the machine", "var hcBig [1 << 50]byte\nfmt.Println(\"after\", len(hcBig))",
			"CompileError", "array too large: [1125899906842624]uint8 takes 1024 TiB"},
		{"new of an array larger than the machine", "hcNP := new([1 << 50]byte)\nfmt.Println(\"after\", len(hcNP))",
			"CompileError", "array too large"},
		{"a channel buffer past the machine", "hcCh := make(chan int64, 1<<50)\nfmt.Println(\"after\", cap(hcCh))",
			"panic", "makechan: size out of range"},
		{"panic(nil)", "panic(nil)\nfmt.Println(\"after\")", "panic", "panic called with nil argument"},
		{"a format width past fmt's", "fmt.Println(len(fmt.Sprintf(\"%*d\", 1<<30, 1)))", "", "13\n"},
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

// memCapTest is the cap over what the test process holds live that the
// memory guard's tests give a cell.
const memCapTest = 96 << 20

// guardedEngine is an engine whose cap for a running cell is memCapTest
// over what the process held live before it started; it returns that.
func guardedEngine(t *testing.T) (*Engine, int64) {
	t.Helper()
	runtime.GC()
	_, base := heap()
	e, err := New(Options{CellMemory: base + memCapTest})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Shutdown(false) })
	ok(t, e, "mgKeep := 41")
	return e, base
}

// The cap: Options.CellMemory, else CULAB_CELL_MEMORY, else a share of the
// process's memory.
func TestCellMemoryCap(t *testing.T) {
	byDefault := int64(float64(memlimit.Of("/")) * cellShare)
	for _, c := range []struct {
		opt  int64
		env  string
		want int64
		err  bool
	}{
		{300 << 20, "2GiB", 300 << 20, false}, {-1, "2GiB", 0, false},
		{0, "2GiB", 2 << 30, false}, {0, "off", 0, false}, {0, "", byDefault, false},
		{0, "lots", byDefault, true},
	} {
		t.Setenv(CellMemoryEnv, c.env)
		got, err := cellMemory(c.opt)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("CellMemory %d, %s=%q: %d, %v; want %d", c.opt, CellMemoryEnv, c.env, got, err, c.want)
		}
	}
}

// A cell that grows its memory without end is stopped with an error that
// names the cap, whether it grows by small steps (the watch stops it) or
// by one large allocation (refused before it is made); its variables are
// reset and collected, and earlier cells' variables are kept.
func TestCellMemoryGuard(t *testing.T) {
	e, base := guardedEngine(t)
	for _, c := range []struct{ name, code, want string }{
		{"slice of slices", "var mgS [][]byte\nfor {\n\tmgS = append(mgS, make([]byte, 1<<20))\n}", "mgS"},
		{"append of ints", "mgX := []int{}\nfor {\n\tmgX = append(mgX, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)\n}", "mgX"},
		{"map growth", "mgM := map[int][32]int{}\nfor mgI := 0; ; mgI++ {\n\tmgM[mgI] = [32]int{mgI}\n}", "mgM"},
		{"string concatenation", "var mgT []string\nfor {\n\tmgT = append(mgT, strings.Repeat(\"ab\", 1<<19)+\"!\")\n}", "mgT"},
		{"a string doubled", "mgD := \"x\"\nfor {\n\tmgD += mgD\n}", "+ of "},
		{"one large make", "mgB := make([]byte, 1<<30)\nfmt.Println(\"after\", len(mgB))", "make of 1 GiB refused"},
		{"one large append", "mgA := make([]byte, 80<<20)\nmgA = append(mgA, 1)\nfmt.Println(\"after\", len(mgA))", "append of 100 MiB refused"},
		{"a large map hint", "mgH := make(map[int64]int64, 20<<20)\nfmt.Println(\"after\", len(mgH))", "make of"},
		{"strings.Repeat", "mgR := strings.Repeat(\"ab\", 200<<20)\nfmt.Println(\"after\", len(mgR))", "strings.Repeat of 400 MiB refused"},
		{"goroutines without end", "for {\n\tgo func() {\n\t\tc := make(chan bool)\n\t\t<-c\n\t}()\n}", "the cell was stopped"},
		{"bytes.Repeat", "mgY := bytes.Repeat([]byte(\"ab\"), 200<<20)\nfmt.Println(\"after\", len(mgY))", "bytes.Repeat of 400 MiB refused"},
		{"an image a million pixels square", "mgI := image.NewRGBA(image.Rect(0, 0, 1<<20, 1<<20))\nfmt.Println(\"after\", len(mgI.Pix))", "image.NewRGBA of 4 TiB refused"},
		{"a gray image", "mgG := image.NewGray16(image.Rect(0, 0, 1<<14, 1<<14))\nfmt.Println(\"after\", len(mgG.Pix))", "image.NewGray16 of 512 MiB refused"},
	} {
		r, rep := execWithin(t, e, c.code)
		if rep.Error == nil || rep.Error.Name != "MemoryError" || !strings.Contains(rep.Error.Value, c.want) ||
			!strings.Contains(rep.Error.Value, "for a running cell") || !strings.Contains(rep.Error.Value, CellMemoryEnv) {
			t.Errorf("%s: %+v, want a MemoryError with %q", c.name, rep.Error, c.want)
		}
		if out := r.text("stdout"); strings.Contains(out, "after") {
			t.Errorf("%s: the cell went on: %q", c.name, out)
		}
		if got := ok(t, e, "mgKeep + 1").result(); got != "42" {
			t.Fatalf("after %s: mgKeep + 1 = %q", c.name, got)
		}
		waitLive(t, c.name, base+memCapTest/4)
	}
}

// waitLive waits until the live heap (and stacks) is under limit: the
// goroutines that a stop ended may take a moment to go.
func waitLive(t *testing.T, what string, limit int64) {
	t.Helper()
	var live int64
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC()
		if _, live = heap(); live <= limit {
			return
		}
	}
	t.Errorf("after %s: %d MiB live, want at most %d", what, live>>20, limit>>20)
}

// A variable that the guard reset is unset, with the reason; a cell that
// recovers a refused allocation goes on.
func TestCellMemoryGuardAfterwards(t *testing.T) {
	e, _ := guardedEngine(t)
	execWithin(t, e, "mgZ := []int{}\nfor {\n\tmgZ = append(mgZ, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)\n}")
	_, rep := execWithin(t, e, "len(mgZ)")
	if rep.Error == nil || !strings.Contains(rep.Error.Value, "stopped for using too much memory") {
		t.Errorf("a reset variable read: %+v", rep.Error)
	}
	r := ok(t, e, "func() (r string) {\n\tdefer func() { r = fmt.Sprint(recover()) }()\n\t_ = make([]byte, 1<<30)\n\treturn \"\"\n}()")
	if got := r.result(); !strings.Contains(got, "make of 1 GiB refused") {
		t.Errorf("recovered: %q", got)
	}
}

// A goroutine that a cell started and that grows after the cell ended is
// stopped between cells, with a note on the next cell's stderr, and its
// memory comes back. (It keeps its data to itself: a goroutine that the
// interpreter stops races, for the race detector, with the next cell's
// compile over the variables it used.)
func TestCellMemoryGuardBetweenCells(t *testing.T) {
	e, base := guardedEngine(t)
	r, rep := execWithin(t, e, "go func() {\n\tvar s [][]byte\n\tfor {\n\t\ts = append(s, make([]byte, 1<<20))\n\t\ttime.Sleep(time.Millisecond)\n\t}\n}()")
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	waitReported(t, e, r, "goroutines were stopped between cells", 1)
	waitLive(t, "the stop between cells", base+memCapTest/4)
	if got := ok(t, e, "mgKeep + 1").result(); got != "42" {
		t.Errorf("mgKeep + 1 = %q", got)
	}
}

// Data that a cell drops is freed: the interpreter kept the values of the
// expressions of statements run at the package level for the session's
// life (yaegi patch 44).
func TestDroppedDataIsFreed(t *testing.T) {
	e := shared(t)
	ok(t, e, "dfKeep := 0")
	runtime.GC()
	_, base := heap()
	for _, c := range []string{
		"dfKeep = len(make([]byte, 100<<20))",
		"dfA := make([]byte, 100<<20)\ndfA = nil",
		"dfB := make([]float32, 25<<20)\nfor dfI := range dfB {\n\tdfB[dfI] = 1\n\tbreak\n}\ndfB = nil",
		"fmt.Println(len(strings.Repeat(\"x\", 100<<20)))",
	} {
		ok(t, e, c)
		waitLive(t, c, base+32<<20)
	}
}

// interruptWhenRunning runs a cell, interrupts it once it has printed
// started (each retry costs nothing: an interrupt between cells is
// dropped), and returns its reply and how long it took to end after the
// interrupt that ended it.
func interruptWhenRunning(t *testing.T, e *Engine, code string) (*recorder, kernel.ExecuteReply, time.Duration) {
	t.Helper()
	r := &recorder{}
	done := make(chan kernel.ExecuteReply, 1)
	go func() {
		done <- e.Execute(context.Background(), kernel.ExecuteRequest{Code: code, ExecutionCount: nextCount()}, r)
	}()
	for deadline := time.Now().Add(time.Minute); !strings.Contains(r.text("stdout"), "started"); time.Sleep(time.Millisecond) {
		select {
		case rep := <-done:
			t.Fatalf("%q ended before it started: %+v", code, rep.Error)
		default:
		}
		if time.Now().After(deadline) {
			e.Interrupt() // for the next test, which would wait for the engine
			t.Fatalf("%q did not start in a minute: %q", code, r.text("stdout"))
		}
	}
	start := time.Now()
	e.Interrupt()
	select {
	case rep := <-done:
		return r, rep, time.Since(start)
	case <-time.After(time.Minute):
		t.Fatalf("%q did not end in a minute after its interrupt", code)
		return nil, kernel.ExecuteReply{}, 0
	}
}

// interruptsKeeping runs code, interrupts it once it has started
// (interruptWhenRunning), and wants it to end as Interrupted within 10 s
// of the interrupt, with the notebook's variable keep, 41, still there.
func interruptsKeeping(t *testing.T, e *Engine, code, keep string) {
	t.Helper()
	_, rep, took := interruptWhenRunning(t, e, code)
	if rep.Error == nil || rep.Error.Name != "Interrupted" {
		t.Errorf("%q: %+v", code, rep.Error)
	}
	if took > 10*time.Second {
		t.Errorf("%q ended %v after its interrupt", code, took)
	}
	if got := ok(t, e, keep+" + 1").result(); got != "42" {
		t.Fatalf("after %q: %s + 1 = %q", code, keep, got)
	}
}

// A cell whose result's String or Error method never returns is
// interrupted like any cell: those methods ran after the interpreter's
// watch for interrupts, and the engine hung for good.
func TestHostileResultMethodsAreInterruptible(t *testing.T) {
	e := shared(t)
	ok(t, e, "rmKeep := 41\ntype rmLoop struct{}\nfunc (rmLoop) String() string {\n\tfmt.Println(\"started\")\n\tfor {\n\t}\n}\n"+
		"type rmErr struct{}\nfunc (rmErr) Error() string {\n\tfmt.Println(\"started\")\n\tselect {}\n}\n"+
		"type rmSleep struct{}\nfunc (rmSleep) String() string {\n\tfmt.Println(\"started\")\n\tfor {\n\t\ttime.Sleep(time.Millisecond)\n\t}\n}")
	for _, code := range []string{"rmLoop{}", "func() error { return rmErr{} }()", "rmSleep{}"} {
		interruptsKeeping(t, e, code, "rmKeep")
	}
}

// A panic in a function that a cell hands to time.AfterFunc or
// context.AfterFunc, which call it on a goroutine of their own, is
// reported on stderr like a goroutine's panic: it ended the engine, and
// the notebook's variables with it.
func TestHostileCallbackPanics(t *testing.T) {
	e := shared(t)
	ok(t, e, "cbpKeep := 41")
	for _, c := range []struct{ code, want string }{
		{"time.AfterFunc(time.Millisecond, func() { panic(\"cbp-timer\") })",
			"panic in a time.AfterFunc callback: cbp-timer\n"},
		{"import \"context\"\ncbpCtx, cbpCancel := context.WithCancel(context.Background())\ncontext.AfterFunc(cbpCtx, func() { panic(\"cbp-context\") })\ncbpCancel()",
			"panic in a context.AfterFunc callback: cbp-context\n"},
	} {
		r, rep := execWithin(t, e, c.code)
		if rep.Error != nil {
			t.Fatalf("%q: %+v", c.code, rep.Error)
		}
		waitReported(t, e, r, c.want, 1)
		if got := ok(t, e, "cbpKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: cbpKeep + 1 = %q", c.code, got)
		}
	}
}

// A cell of 100,000 lines is interrupted while it compiles (each line a
// statement the engine parses and compiles in turn, in time that grows
// with the notebook: it took hours, deaf to interrupts); the notebook's
// variables are kept and none of the cell's is defined.
func TestHostileHugeCellIsInterruptible(t *testing.T) {
	// An engine of its own: the shared one would keep what the cell
	// compiled, and the memory guard's tests measure from its heap.
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	ok(t, e, "hhKeep := 41")
	var b strings.Builder
	b.WriteString("fmt.Println(\"started\")\n")
	for i := range 100_000 {
		fmt.Fprintf(&b, "hh%d := %d\n", i, i)
	}
	// The first line runs when every line has compiled: interrupt until
	// the cell ends (an interrupt before it starts is dropped).
	done := make(chan kernel.ExecuteReply, 1)
	go func() {
		done <- e.Execute(context.Background(), kernel.ExecuteRequest{Code: b.String(), ExecutionCount: nextCount()}, &recorder{})
	}()
	start := time.Now()
	for stopped := false; !stopped; {
		e.Interrupt()
		select {
		case rep := <-done:
			if rep.Error == nil || rep.Error.Name != "Interrupted" {
				t.Fatalf("%+v", rep.Error)
			}
			stopped = true
		case <-time.After(100 * time.Millisecond):
			if time.Since(start) > time.Minute {
				t.Fatal("the cell did not end in a minute of interrupts")
			}
		}
	}
	if got := ok(t, e, "hhKeep + 1").result(); got != "42" {
		t.Errorf("hhKeep + 1 = %q", got)
	}
	if xe := fails(t, e, "hh0"); !strings.Contains(xe.Value, "hh0") {
		t.Errorf("hh0 after the interrupt: %s", xe.Value)
	}
}

// Cells that block for ever, where Go would say "all goroutines are
// asleep" (the engine's own goroutines are awake), end with an interrupt
// within seconds, also after a cell has taken SIGINT and SIGTERM for
// itself (the kernel's interrupts are messages, not signals). (A cell
// blocked in a native call, sync.Mutex.Lock or WaitGroup.Wait, ends too,
// but leaves a straggler that races with the next cell's compile.)
func TestHostileBlockedCellsAreInterruptible(t *testing.T) {
	e := shared(t)
	ok(t, e, "hbKeep := 41")
	for _, code := range []string{
		"hbCh := make(chan int)\nfmt.Println(\"started\")\n<-hbCh",
		"fmt.Println(\"started\")\nselect {}",
		"import (\"os/signal\"; \"syscall\")\nhbSig := make(chan os.Signal, 1)\nsignal.Notify(hbSig, syscall.SIGINT, syscall.SIGTERM)\n" +
			"fmt.Println(\"started\")\n<-hbSig",
	} {
		interruptsKeeping(t, e, code, "hbKeep")
	}
	ok(t, e, "signal.Stop(hbSig)")
}

// A process that a cell runs with os/exec is killed when the cell is
// interrupted: the cell ends at once, not leaving its goroutine behind for
// the next cells to wait for; one that a cell started and left running
// when it ended normally lives on.
func TestHostileExecIsInterruptible(t *testing.T) {
	e := shared(t)
	ok(t, e, "import (\"os/exec\"; \"syscall\")\nhxKept := exec.Command(\"sleep\", \"1000\")\nhxKept.Start()")
	defer ok(t, e, "hxKept.Process.Kill()\n_ = hxKept.Wait()")
	r, rep, took := interruptWhenRunning(t, e, "hxCmd := exec.Command(\"sleep\", \"1000\")\nhxCmd.Start()\nfmt.Println(\"started\", hxCmd.Process.Pid)\nhxCmd.Wait()")
	if rep.Error == nil || rep.Error.Name != "Interrupted" || took > 10*time.Second {
		t.Errorf("interrupted: %+v, %v after the interrupt", rep.Error, took)
	}
	var pid int
	if _, err := fmt.Sscanf(r.text("stdout"), "started %d", &pid); err != nil {
		t.Fatalf("stdout %q", r.text("stdout"))
	}
	for deadline := time.Now().Add(time.Minute); running(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the interrupted cell's process %d runs on", pid)
		}
	}
	if got := ok(t, e, "hxKept.ProcessState == nil && hxKept.Process.Signal(syscall.Signal(0)) == nil").result(); got != "true" {
		t.Errorf("the process of a cell that ended normally: running %s", got)
	}
}
