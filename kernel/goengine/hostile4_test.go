package goengine

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Compiled functions and methods that allocate at once a size the cell
// chose ended the engine past the machine's memory ("fatal error: runtime:
// out of memory", the notebook's variables lost): they are refused as make
// is, by the memory guard, and past the machine's memory with the guard
// off.
func TestHostileNativeAllocations(t *testing.T) {
	guarded := shared(t)
	unguarded, err := New(Options{CellMemory: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer unguarded.Shutdown(false)
	for _, e := range []*Engine{guarded, unguarded} {
		ok(t, e, "naKeep := 41\nimport (\"bufio\"; \"math/big\"; \"reflect\")")
		for _, c := range []struct{ code, what string }{
			{"naR := bufio.NewReaderSize(strings.NewReader(\"x\"), 1<<40)\nfmt.Println(\"after\", naR.Size())", "bufio.NewReaderSize of 1 TiB"},
			{"naW := bufio.NewWriterSize(os.Stdout, 1<<40)\nfmt.Println(\"after\", naW.Size())", "bufio.NewWriterSize of 1 TiB"},
			{"naS := reflect.MakeSlice(reflect.TypeOf([]int64{}), 0, 1<<40)\nfmt.Println(\"after\", naS.Cap())", "reflect.MakeSlice of 8 TiB"},
			{"naC := reflect.MakeChan(reflect.TypeOf(make(chan int64)), 1<<40)\nfmt.Println(\"after\", naC.Cap())", "reflect.MakeChan of 8 TiB"},
			// Methods of compiled types (yaegi patch 121).
			{"var naB bytes.Buffer\nnaB.Grow(1 << 40)\nfmt.Println(\"after\", naB.Cap())", "bytes.Buffer.Grow of 1 TiB"},
			{"naSB := &strings.Builder{}\nnaSB.Grow(1 << 40)\nfmt.Println(\"after\", naSB.Cap())", "strings.Builder.Grow of 1 TiB"},
			// A method value, called later (yaegi patch 126).
			{"var naMV bytes.Buffer\nnaG := naMV.Grow\nnaG(1 << 40)\nfmt.Println(\"after\", naMV.Cap())", "bytes.Buffer.Grow of 1 TiB"},
			{"naL := new(big.Int).Lsh(big.NewInt(1), 1<<43)\nfmt.Println(\"after\", naL.BitLen())", "big.Int.Lsh of 1 TiB"},
			{"naS2 := new(big.Int).SetBit(new(big.Int), 1<<43, 1)\nfmt.Println(\"after\", naS2.BitLen())", "big.Int.SetBit of 1 TiB"},
			{"naE := new(big.Int).Exp(big.NewInt(3), big.NewInt(1<<42), nil)\nfmt.Println(\"after\", naE.BitLen())", "big.Int.Exp of 1 TiB"},
		} {
			r, rep := execWithin(t, e, c.code)
			want := "refused"
			if e == unguarded {
				want = "more than this machine's memory"
			}
			if rep.Error == nil || !strings.Contains(rep.Error.Value, c.what) || !strings.Contains(rep.Error.Value, want) {
				t.Errorf("%q: %+v, want %s … %s", c.code, rep.Error, c.what, want)
			}
			if strings.Contains(r.text("stdout"), "after") {
				t.Errorf("%q went on: %q", c.code, r.text("stdout"))
			}
			if got := ok(t, e, "naKeep + 1").result(); got != "42" {
				t.Fatalf("after %q: naKeep + 1 = %q", c.code, got)
			}
		}
	}
	// Sizes the machine has are made.
	if got := ok(t, guarded, "bufio.NewReaderSize(strings.NewReader(\"x\"), 1<<20).Size()").result(); got != "1048576" {
		t.Errorf("a reader of 1 MiB: %s", got)
	}
	if got := ok(t, guarded, "var naB2 bytes.Buffer\nnaB2.Grow(1 << 20)\nnaB2.WriteString(\"ok\")\n"+
		"fmt.Sprint(naB2.String(), new(big.Int).Lsh(big.NewInt(1), 100).BitLen(), new(big.Int).Exp(big.NewInt(2), big.NewInt(70), nil).BitLen())").result(); got != "ok101 71" {
		t.Errorf("methods within the machine's memory: %s", got)
	}
}

// A cell may not close or replace a file descriptor the engine had when it
// started (closing its pipes to the kernel killed the engine), nor signal
// the engine's or the kernel's process or a process group, nor trap or set
// process-wide limits; its own descriptors and processes are its own. A
// panic in a finalizer is reported (the runtime's finalizer goroutine
// ended the process).
func TestHostileProcessGuards(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	e, err := New(Options{}) // after the pipe: its descriptors are the engine's
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	ok(t, e, "pgKeep := 41\nimport (\"runtime\"; \"syscall\")")
	fd, rfd := fmt.Sprint(w.Fd()), fmt.Sprint(r.Fd())
	for _, c := range []struct{ code, want string }{
		{"syscall.Write(" + fd + ", []byte(\"not a message\"))", "syscall.Write: file descriptor " + fd + " is the engine's"},
		{"syscall.Read(" + rfd + ", make([]byte, 1))", "syscall.Read: file descriptor " + rfd + " is the engine's"},
		{"syscall.Pwrite(" + fd + ", []byte(\"x\"), 0)", "syscall.Pwrite: file descriptor " + fd + " is the engine's"},
		{"import \"runtime/debug\"\ndebug.WriteHeapDump(" + fd + ")", "debug.WriteHeapDump: file descriptor " + fd + " is the engine's"},
		{"_, pgE := os.Open(\"/proc/self/fd/" + rfd + "\")\npgE", "open /proc/self/fd/" + rfd + ": a pipe of the engine's (opened before any cell: to the kernel) by another name"},
		{"_, pgE := os.OpenFile(\"/dev/fd/" + fd + "\", os.O_WRONLY, 0)\npgE", "a pipe of the engine's"},
		{"_, pgE := os.ReadFile(\"/proc/self/fd/" + rfd + "\")\npgE", "a pipe of the engine's"},
		{"os.WriteFile(\"/proc/self/fd/" + fd + "\", []byte(\"x\"), 0)", "a pipe of the engine's"},
		{"os.Remove(\"/tmp/pg-link\")\nos.Symlink(\"/proc/self/fd/" + rfd + "\", \"/tmp/pg-link\")\n_, pgE := os.Open(\"/tmp/pg-link\")\nos.Remove(\"/tmp/pg-link\")\npgE", "a pipe of the engine's"},
		{"syscall.Close(" + fd + ")", "syscall.Close: file descriptor " + fd + " is the engine's"},
		{"pgN, _ := os.Open(os.DevNull)\nsyscall.Dup2(int(pgN.Fd()), " + fd + ")", "syscall.Dup2: file descriptor " + fd + " is the engine's"},
		{"pgN3, _ := os.Open(os.DevNull)\nsyscall.Dup3(int(pgN3.Fd()), " + fd + ", 0)", "syscall.Dup3: file descriptor " + fd + " is the engine's"},
		{"os.NewFile(" + fd + ", \"pipe\").Close()", "os.NewFile: file descriptor " + fd + " is the engine's"},
		{"func() error { _, err := os.FindProcess(os.Getppid()); return err }()", "a cell may not signal the kernel's own processes"},
		{"func() error { _, err := os.FindProcess(os.Getpid()); return err }()", "a cell may not signal the kernel's own processes"},
		{"func() error { _, err := os.FindProcess(-1); return err }()", "a cell may not signal a process group"},
		{"syscall.Tgkill(os.Getpid(), syscall.Gettid(), 0)", "syscall.Tgkill(" + fmt.Sprint(os.Getpid()) + "): a cell may not signal"},
		{"syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{})", "syscall.Setrlimit is not available in a cell"},
		{"syscall.Chroot(\"/tmp\")", "syscall.Chroot is not available in a cell"},
		{"runtime.Breakpoint()", "runtime.Breakpoint is not available in a cell"},
	} {
		if xe := fails(t, e, c.code); !strings.Contains(xe.Value, c.want) {
			t.Errorf("%q: %s: %s, want …%s…", c.code, xe.Name, xe.Value, c.want)
		}
	}
	if _, err := w.Write([]byte("x")); err != nil {
		t.Fatalf("the engine's pipe after the cells: %v", err)
	}
	if b := make([]byte, 2); func() int { n, _ := r.Read(b); return n }() != 1 || b[0] != 'x' {
		t.Errorf("the engine's pipe held what a cell wrote: %q", b)
	}
	// The cell's own descriptors and processes.
	if got := ok(t, e, "pgR, pgW, _ := os.Pipe()\nsyscall.Write(int(pgW.Fd()), []byte(\"own\"))\npgB := make([]byte, 3)\nsyscall.Read(int(pgR.Fd()), pgB)\nstring(pgB)").result(); got != "own" {
		t.Errorf("a cell's own pipe: %q", got)
	}
	ok(t, e, "pgD, err := os.Open(os.DevNull)\nif err != nil {\n\tpanic(err)\n}\npgD.Close()\nif err := os.WriteFile(os.DevNull, []byte(\"x\"), 0); err != nil {\n\tpanic(err)\n}")
	ok(t, e, "pgF, _ := os.Open(os.DevNull)\npgG, _ := os.Open(os.DevNull)\npgH := os.NewFile(pgF.Fd(), \"again\")\n"+
		"if err := syscall.Dup2(int(pgG.Fd()), int(pgH.Fd())); err != nil {\n\tpanic(err)\n}\nif err := syscall.Close(int(pgG.Fd())); err != nil {\n\tpanic(err)\n}")
	ok(t, e, "import \"os/exec\"\npgCmd := exec.Command(\"sleep\", \"1000\")\npgCmd.Start()\npgP, err := os.FindProcess(pgCmd.Process.Pid)\nif err != nil {\n\tpanic(err)\n}\npgP.Kill()\n_ = pgCmd.Wait()")
	// A finalizer's panic, reported once a collection has run it.
	r2, rep := execWithin(t, e, "pgX := new([64]byte)\nruntime.SetFinalizer(pgX, func(*[64]byte) { panic(\"pg-finalizer\") })\npgX = nil\nruntime.GC()")
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	// Collections until it has run: the interpreter's frames may hold the
	// value until the cell's temporaries are dropped.
	found := make(chan struct{})
	go func() {
		for {
			select {
			case <-found:
				return
			case <-time.After(10 * time.Millisecond):
				runtime.GC()
			}
		}
	}()
	waitReported(t, e, r2, "panic in a finalizer: pg-finalizer", 1)
	close(found)
	waitReported(t, e, r2, "panic in a finalizer: pg-finalizer", 1)
	if got := ok(t, e, "pgKeep + 1").result(); got != "42" {
		t.Errorf("pgKeep + 1 = %q", got)
	}
}

// A value that holds itself, through a slice, a map or an interface, ended
// the engine when shown as a cell's result, a panic's value or by
// display.Show (fmt's stack overflow is fatal): it is an error, or a text,
// that says so. A deep value that ends is shown.
func TestHostileSelfHoldingValues(t *testing.T) {
	e := shared(t)
	ok(t, e, "shKeep := 41\nshS := []any{nil}\nshS[0] = shS\nshM := map[string]any{}\nshM[\"m\"] = shM\n"+
		"type shT struct{ xs []any }\nshV := shT{xs: []any{nil}}\nshV.xs[0] = shV.xs")
	for _, c := range []struct{ code, name, want string }{
		{"shS", "StackOverflow", "the cell's value ([]interface {}) holds itself: printing it would never end"},
		{"shM", "StackOverflow", "the cell's value (map[string]interface {}) holds itself"},
		{"&shS", "StackOverflow", "the cell's value (*[]interface {}) holds itself"},
		{"shV", "StackOverflow", "holds itself"},
		{"func() (int, any) { return 1, shS }()", "StackOverflow", "holds itself"},
		{"panic(shS)", "panic", "a []interface {} that holds itself (printing it would never end)"},
	} {
		if xe := fails(t, e, c.code); xe.Name != c.name || !strings.Contains(xe.Value, c.want) {
			t.Errorf("%q: %s: %s, want %s: …%s…", c.code, xe.Name, xe.Value, c.name, c.want)
		}
	}
	// encoding/json reports the cycle as in a compiled program (yaegi
	// patch 122: its check of the arguments walked it without end).
	if xe := fails(t, e, "import \"encoding/json\"\n_, shJE := json.Marshal(shS)\nshJE"); !strings.Contains(xe.Value, "encountered a cycle via []interface {}") {
		t.Errorf("json.Marshal: %s: %s", xe.Name, xe.Value)
	}
	// display.Show of one shows what it is.
	r := ok(t, e, "display.Show(shS)")
	if got := r.displayText(); got != "a []interface {} that holds itself (printing it would never end)" {
		t.Errorf("display.Show: %q", got)
	}
	r, rep := execWithin(t, e, "go func() { panic(shM) }()")
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	waitReported(t, e, r, "a map[string]interface {} that holds itself", 1)
	if got := ok(t, e, "shD := any(1)\nfor range 100 {\n\tshD = []any{shD}\n}\nshD").result(); got != strings.Repeat("[", 100)+"1"+strings.Repeat("]", 100) {
		t.Errorf("a deep value: %.300s", got)
	}
	if got := ok(t, e, "shKeep + 1").result(); got != "42" {
		t.Errorf("shKeep + 1 = %q", got)
	}
}

// A panic whose value's Error or String method never returns is
// interrupted like any cell: the engine read the message after its watch
// for interrupts, and hung for good.
func TestHostilePanicValueMethodsAreInterruptible(t *testing.T) {
	e := shared(t)
	ok(t, e, "pmKeep := 41\ntype pmErr struct{}\nfunc (pmErr) Error() string {\n\tfmt.Println(\"started\")\n\tselect {}\n}\n"+
		"type pmStr struct{}\nfunc (pmStr) String() string {\n\tfmt.Println(\"started\")\n\tfor {\n\t}\n}")
	for _, code := range []string{"panic(pmErr{})", "panic(pmStr{})", "func() { defer func() { panic(pmErr{}) }() }()"} {
		interruptsKeeping(t, e, code, "pmKeep")
	}
}

// A %%gorun program that grows without end is stopped at the cap for a
// running cell (it took the machine's memory until the system's
// out-of-memory killer ended it, or another process); a -o name that
// would hide a package is refused before the program runs (it ran, then
// its output was dropped).
func TestHostileGorun(t *testing.T) {
	needGo(t)
	e, err := New(Options{CellMemory: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	ok(t, e, "grKeep := 41")
	r, rep := execWithin(t, e, "%%gorun\nimport \"fmt\"\nfunc main() {\n\tfmt.Println(\"growing\")\n\tvar s [][]byte\n\tfor {\n"+
		"\t\tb := make([]byte, 1<<20)\n\t\tfor i := range b {\n\t\t\tb[i] = 1\n\t\t}\n\t\ts = append(s, b)\n\t}\n}")
	if rep.Error == nil || rep.Error.Name != "MemoryError" || !strings.Contains(rep.Error.Value, "the program was stopped: it held ") ||
		!strings.Contains(rep.Error.Value, "past the cap of 256 MiB for a running cell") {
		t.Errorf("a program without end: %+v (stdout %q)", rep.Error, r.text("stdout"))
	}
	r, rep = execWithin(t, e, "%%gorun -o nb\nimport \"fmt\"\nfunc main() { fmt.Println(\"ran\") }")
	if rep.Error == nil || rep.Error.Name != "NameError" || !strings.Contains(rep.Error.Value, "nb is the package") || r.text("stdout") != "" {
		t.Errorf("-o nb: %+v, stdout %q", rep.Error, r.text("stdout"))
	}
	if got := ok(t, e, "grKeep + 1").result(); got != "42" {
		t.Errorf("grKeep + 1 = %q", got)
	}
}

// Compiled code that calls a cell's function in a loop (io.ReadAll or
// io.Copy of an endless Reader, sort.Slice again and again) ends when the
// cell is stopped: it ran on, io.ReadAll growing by gigabytes after the
// memory guard's stop, io.Copy spinning, and resumed inside the next cell
// (yaegi patch 120).
func TestHostileStoppedCallbacks(t *testing.T) {
	e, base := guardedEngine(t)
	ok(t, e, "scKeep := 41\nimport \"io\"\ntype scEndless struct{}\nfunc (scEndless) Read(p []byte) (int, error) { return len(p), nil }")
	_, rep := execWithin(t, e, "scData, _ := io.ReadAll(scEndless{})\nfmt.Println(\"after\", len(scData))")
	if rep.Error == nil || rep.Error.Name != "MemoryError" {
		t.Fatalf("io.ReadAll of an endless reader: %+v", rep.Error)
	}
	for _, code := range []string{
		"fmt.Println(\"started\")\nio.Copy(io.Discard, scEndless{})",
		"scXs := make([]int, 100)\nfmt.Println(\"started\")\nfor {\n\tsort.Slice(scXs, func(i, j int) bool { return i < j })\n}",
	} {
		interruptsKeeping(t, e, code, "scKeep")
		// The stopped call has ended: no straggler for the next cell to
		// wait for (it waited stragglerGrace, then warned).
		if r := ok(t, e, "fmt.Println(\"next\")"); r.text("stderr") != "" || r.text("stdout") != "next\n" {
			t.Errorf("after %q: stdout %q, stderr %q", code, r.text("stdout"), r.text("stderr"))
		}
	}
	// Nothing grows behind the next cells' backs.
	waitLive(t, "the stopped io.ReadAll", base+memCapTest/4)
}

// What Go's compiler refuses and the interpreter crashed or hung on is
// refused as Go refuses it, before anything of the cell runs: a type that
// holds itself by value (the interpreter's stack overflowed, a fatal
// error), a constant shift past Go's bound (1 << 100000000000 was computed
// until the process ran out of memory), a generic that instantiates itself
// without end (compiled for good, deaf to interrupts, by gigabytes).
func TestHostileGoRefusals(t *testing.T) {
	e := shared(t)
	ok(t, e, "grfKeep := 41")
	for _, c := range []struct{ code, want string }{
		{"fmt.Println(\"after\")\ntype grfT struct{ t grfT }", "line 2: invalid recursive type: grfT refers to itself"},
		{"type grfA struct{ b grfB }\nfmt.Println(\"after\")\ntype grfB struct{ a [2]grfA }", "invalid recursive type grfA: grfA refers to grfB refers to grfA"},
		{"type grfE struct {\n\tx int\n\tgrfE\n}", "line 1: invalid recursive type: grfE refers to itself"},
		{"type grfL[T any] struct{ next grfL[T] }", "invalid recursive type: grfL refers to itself"},
		{"func grfF() {\n\ttype inner struct{ in inner }\n\tfmt.Println(\"after\")\n}", "line 2: invalid recursive type: inner refers to itself"},
		{"if true {\n\ttype loc [3]loc\n}", "invalid recursive type: loc refers to itself"},
		{"fmt.Println(\"after\")\ngrfX := 1 << 100000000000\nfmt.Println(grfX)", "line 2: invalid operation: invalid shift count 100000000000 (untyped int constant)"},
		{"const grfC = 1 << 1075", "invalid shift count 1075"},
		{"grfY := (1.0) << 5000", "invalid shift count 5000"},
		{"func grfG[T any](n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn grfG[[]T](n - 1)\n}\ngrfG[int](10)", "line 5: instantiation cycle: grfG instantiates itself"},
		{"func grfH[K comparable, V any]() { grfH[K, map[K]V]() }", "instantiation cycle: grfH"},
		{"type grfP[T any] struct{ next *grfP[*T] }", "instantiation cycle: grfP"},
	} {
		r, rep := execWithin(t, e, c.code)
		if rep.Error == nil || rep.Error.Name != "CompileError" || !strings.Contains(rep.Error.Value, c.want) {
			t.Errorf("%q: %+v, want a CompileError …%s…", c.code, rep.Error, c.want)
		}
		if strings.Contains(r.text("stdout"), "after") {
			t.Errorf("%q ran: %q", c.code, r.text("stdout"))
		}
	}
	// What Go accepts still compiles: a type that refers to itself
	// through a pointer, slice, map or function; a shift up to the bound,
	// and any shift of a variable.
	ok(t, e, "func grfOK[T any](n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn grfOK[T](n-1) + 1\n}\ntype grfQ[T any] struct{ next *grfQ[T] }")
	ok(t, e, "type grfN struct {\n\tnext *grfN\n\tkids []grfN\n\tby map[string]grfN\n\tf func(grfN) grfN\n}\nconst grfBig = 1 << 1074 >> 1070\ngrfV := 3\ngrfZ := grfV << 5000")
	if got := ok(t, e, "fmt.Sprint(grfBig, grfZ, grfOK[string](3), grfKeep+1)").result(); got != "16 0 3 42" {
		t.Errorf("after the refusals: %s", got)
	}
}

// os.Exit or log.Fatal in a goroutine ends the running cell, as it ends a
// program, with an Exit error that names the goroutine: the goroutine
// ended, and the cell, waiting for its deferred calls (which os.Exit does
// not run), hung until interrupted. Between cells it ends the goroutine.
func TestHostileGoroutineExit(t *testing.T) {
	e := shared(t)
	ok(t, e, "gxKeep := 41\nimport \"log\"")
	for _, c := range []struct{ code, want string }{
		{"gxDone := make(chan bool)\ngo func() {\n\tdefer close(gxDone)\n\tos.Exit(4)\n}()\n<-gxDone\nfmt.Println(\"after\")",
			"exit status 4 (os.Exit in a goroutine started at In["},
		// (A channel, not a WaitGroup: a cell stopped inside Wait, a
		// compiled call, leaves it blocked there for good.)
		{"gxErr := make(chan error)\ngo func() {\n\tdefer close(gxErr)\n\tlog.Fatal(\"worker failed\")\n}()\nfmt.Println(\"after\", <-gxErr)",
			"exit status 1 (os.Exit in a goroutine started at In["},
	} {
		r, rep := execWithin(t, e, c.code)
		if rep.Error == nil || rep.Error.Name != "Exit" || !strings.Contains(rep.Error.Value, c.want) {
			t.Errorf("%q: %+v, want Exit …%s…", c.code, rep.Error, c.want)
		}
		if strings.Contains(r.text("stdout"), "after") {
			t.Errorf("%q went on: %q", c.code, r.text("stdout"))
		}
		waitReported(t, e, r, "it ended the running cell, as it would end a program", 1)
	}
	// os.Exit(0) ends the cell as a success, as in the cell itself.
	if r, rep := execWithin(t, e, "gxZ := make(chan bool)\ngo func() { os.Exit(0) }()\n<-gxZ\nfmt.Println(\"after\")"); rep.Error != nil || strings.Contains(r.text("stdout"), "after") {
		t.Errorf("os.Exit(0) in a goroutine: %+v, stdout %q", rep.Error, r.text("stdout"))
	}
	// Between cells: the goroutine ends, the next cell runs.
	t.Setenv("CULAB_TEST_GX", "")
	r := ok(t, e, "go func() {\n\tfor os.Getenv(\"CULAB_TEST_GX\") == \"\" {\n\t\ttime.Sleep(time.Millisecond)\n\t}\n\tos.Exit(3)\n}()")
	os.Setenv("CULAB_TEST_GX", "go")
	waitReported(t, e, r, "exit status 3 in a goroutine started at In[", 1)
	waitReported(t, e, r, "no cell was running", 1)
	if got := ok(t, e, "gxKeep + 1").result(); got != "42" {
		t.Errorf("gxKeep + 1 = %q", got)
	}
}

// displayText is the text/plain of the displays the cell sent.
func (r *recorder) displayText() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for _, e := range r.events {
		if e.kind == "display" {
			s, _ := e.data["text/plain"].(string)
			b.WriteString(s)
		}
	}
	return b.String()
}

// The blank identifier at the top level of cells takes values of any type,
// in any order (yaegi patch 123: the first _ = v or _, x := f() gave _ the
// type of v, and a later _ = w of another type panicked in reflect.Set).
func TestBlankAcrossCells(t *testing.T) {
	e := shared(t)
	for _, code := range []string{
		"import \"encoding/json\"\n_, blE := json.Marshal(1)\n_ = blE",
		"_ = errors.New(\"x\")",
		"_ = bytes.Repeat([]byte(\"a\"), 2)",
		"_ = strings.Repeat(\"a\", 2) + \"b\"",
		"_ = errors.New(\"y\")\n_ = 3.5\n_ = []int{1}",
		"var _ = errors.New(\"v\")\nvar _ = \"s\"",
		"_, blB := strconv.Atoi(\"x\")\n_ = blB",
	} {
		ok(t, e, code)
	}
	if got := ok(t, e, "blA, _ := strconv.Atoi(\"7\")\nblA").result(); got != "7" {
		t.Errorf("blA = %q", got)
	}
}
