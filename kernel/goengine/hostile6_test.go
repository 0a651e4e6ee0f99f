package goengine

import (
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
)

// An RLocked sync.RWMutex that a cell Unlocked while a writer waited went
// past the earlier check (a waiting writer hides the readers) into Go's
// Unlock, which hung the writer or ended the engine ("fatal error: sync:
// Unlock of unlocked RWMutex"). Each misuse panics, whatever waits.
func TestHostile6LockMisuseWithWaiters(t *testing.T) {
	e := shared(t)
	// Each goroutine's last read of a variable comes before what the cell
	// waits for: the next cell grows the interpreter's global frame, which
	// a goroutine outliving its cell may still read (the interpreter's
	// race, which the race detector reports).
	ok(t, e, "lwKeep := 41\nimport \"runtime\"\nvar lwRW sync.RWMutex\nlwGot := make(chan bool)\nvar lwM sync.Mutex\nvar lwWG sync.WaitGroup")
	for _, c := range []struct{ code, want string }{
		// A writer waits on a reader; the cell Unlocks instead of RUnlock.
		{"lwRW.RLock()\ngo func() { lwRW.Lock(); lwRW.Unlock(); lwGot <- true }()\nfor lwRW.TryRLock() {\n\tlwRW.RUnlock()\n\truntime.Gosched()\n}\nfunc() {\n\tdefer func() { fmt.Println(recover()) }()\n\tlwRW.Unlock()\n}()\nlwRW.RUnlock()\n<-lwGot",
			"sync: Unlock of an RWMutex locked for reading only"},
		// A reader waits on a writer; the cell RUnlocks instead of Unlock.
		{"lwRW.Lock()\ngo func() { lwRW.RLock(); lwRW.RUnlock(); lwGot <- true }()\nfunc() {\n\tdefer func() { fmt.Println(recover()) }()\n\tlwRW.RUnlock()\n}()\nlwRW.Unlock()\n<-lwGot",
			"sync: RUnlock of an RWMutex locked for writing only"},
		{"lwM.Lock()\nfor range 2 {\n\tlwWG.Add(1)\n\tgo func() {\n\t\tdefer lwWG.Done()\n\t\tdefer func() { fmt.Println(recover()) }()\n\t\tlwM.Unlock()\n\t}()\n}\nlwWG.Wait()",
			"sync: unlock of unlocked mutex"},
	} {
		if out := ok(t, e, c.code).text("stdout"); !strings.Contains(out, c.want) {
			t.Errorf("%q printed %q, want …%s…", c.code, out, c.want)
		}
		if got := ok(t, e, "lwKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: lwKeep + 1 = %q", c.code, got)
		}
	}
}

// A cell's function that compiled code called on a goroutine of its own
// ended the engine when it read a wild address (an http handler: Go's
// "fatal error: fault") or panicked (exec.Cmd's copier of a cell's Stdin,
// a Transport's dialer): no interpreted code below it recovered. It is
// reported as a goroutine's panic, and that goroutine ends (yaegi patch
// 160); what waits for it waits until interrupted.
func TestHostile6PanicOnCompiledGoroutine(t *testing.T) {
	e := ownEngine(t)
	ok(t, e, "cgKeep := 41\nimport (\"context\"; \"iter\"; \"net\"; \"net/http\"; \"net/http/httptest\"; \"os/exec\"; \"runtime/debug\"; \"unsafe\")\n"+
		"cgAt := uintptr(123456)\ntype cgR struct{}\nfunc (cgR) Read(p []byte) (int, error) { panic(\"cgR.Read\") }")
	// The handler's goroutine ends; net/http closes the connection.
	r := ok(t, e, "cgS := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { println(*(*int)(unsafe.Pointer(cgAt))) }))\n_, cgErr := http.Get(cgS.URL)\ncgS.Close()\nfmt.Println(cgErr)")
	if !strings.HasSuffix(r.text("stdout"), "EOF\n") {
		t.Errorf("the client of a handler that faulted: %q", r.text("stdout"))
	}
	if want := "line 1, called by compiled code on a goroutine of its own: runtime error: invalid memory address or nil pointer dereference"; !strings.Contains(r.text("stderr"), want) {
		t.Errorf("the handler's fault: %q, want …%s…", r.text("stderr"), want)
	}
	interruptsKeeping(t, e, "cgC := exec.Command(\"cat\")\ncgC.Stdin = cgR{}\nfmt.Println(\"started\")\nfmt.Println(cgC.Run())", "cgKeep")
	interruptsKeeping(t, e, "cgT := &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) { panic(\"dial\") }}\nfmt.Println(\"started\")\n_, cgE := (&http.Client{Transport: cgT}).Get(\"http://x.invalid/\")\nfmt.Println(cgE)", "cgKeep")
	// iter.Pull's coroutine hands a panic to the caller of next, as Go's.
	if xe := fails(t, e, "cgNext, _ := iter.Pull(func(func(int) bool) { panic(\"pulled\") })\ncgNext()"); !strings.Contains(xe.Value, "pulled") {
		t.Errorf("a panic in a pulled Seq: %s", xe.Value)
	}
	// Below compiled calls that do not recover (sort's recursion) too.
	if xe := fails(t, e, "import \"sort\"\ncgNext, _ := iter.Pull(func(func(int) bool) {\n\ts, n := make([]int, 1<<16), 0\n\tfor i := range s {\n\t\ts[i] = (i * 7919) % 65521\n\t}\n"+
		"\tsort.Slice(s, func(i, j int) bool {\n\t\tif n++; n == 300000 {\n\t\t\tpanic(\"deep in sort\")\n\t\t}\n\t\treturn s[i] < s[j]\n\t})\n})\ncgNext()"); !strings.Contains(xe.Value, "deep in sort") {
		t.Errorf("a panic deep in a pulled Seq: %s", xe.Value)
	}
	// The setting that tells the goroutines apart stays on.
	if got := ok(t, e, "debug.SetPanicOnFault(false)\ndebug.SetPanicOnFault(false)").result(); got != "true" {
		t.Errorf("debug.SetPanicOnFault in a cell: %s", got)
	}
}

// 20000 goroutines blocked in syscall.Nanosleep, or locked to their
// threads, ended the engine: Go's "fatal error: thread exhaustion" past
// 10000 OS threads (newosproc past a cgroup's task limit). Calls that hold
// a thread are refused past a bound, set low here.
func TestHostile6ThreadBomb(t *testing.T) {
	e := ownEngine(t)
	ok(t, e, "tbKeep := 41\nimport (\"os/exec\"; \"runtime\"; \"sync/atomic\"; \"syscall\")")
	e.threadBound = threads() + 32
	for _, c := range []struct{ hold, release, want string }{
		{"syscall.Read(tbFd, make([]byte, 1))", "tbW.Close()", "syscall.Read refused: the engine has"},
		{"runtime.LockOSThread()\n\t\t<-tbRelease", "close(tbRelease)", "runtime.LockOSThread refused: the engine has"},
	} {
		// Each goroutine is refused or holds a thread until released;
		// the cell waits for all to have done one or the other, then for
		// their end (a goroutine outliving its cell would race with the
		// next cell's growing of the interpreter's frame).
		code := "tbR, tbW, _ := os.Pipe()\ntbFd := int(tbR.Fd())\ntbRelease := make(chan bool)\nvar tbHeld, tbRefused atomic.Int64\nvar tbWhy atomic.Value\nvar tbAll sync.WaitGroup\n" +
			"for range 300 {\n\ttbAll.Add(1)\n\tgo func() {\n\t\tdefer tbAll.Done()\n\t\tdefer func() {\n\t\t\tif r := recover(); r != nil {\n\t\t\t\ttbWhy.Store(fmt.Sprint(r))\n\t\t\t\ttbRefused.Add(1)\n\t\t\t}\n\t\t}()\n\t\ttbHeld.Add(1)\n\t\t" + c.hold + "\n\t}()\n}\n" +
			"for tbHeld.Load() < 300 || tbRefused.Load() == 0 {\n\ttime.Sleep(time.Millisecond)\n}\n" + c.release + "\ntbAll.Wait()\ntbR.Close()\nfmt.Println(tbRefused.Load() > 0, tbWhy.Load())"
		if out := ok(t, e, code).text("stdout"); !strings.HasPrefix(out, "true "+c.want) {
			t.Errorf("%s: %q, want true %s…", c.hold, out, c.want)
		}
		if got := ok(t, e, "tbKeep + 1").result(); got != "42" {
			t.Fatalf("after %s: tbKeep + 1 = %q", c.hold, got)
		}
	}
	e.threadBound = 1
	if xe := fails(t, e, "exec.Command(\"true\").Run()"); !strings.Contains(xe.Value, "exec.Cmd.Run refused") {
		t.Errorf("exec.Cmd.Run past the bound: %s", xe.Value)
	}
}

// The engine ignores SIGINT (the kernel relays interrupts as requests),
// and shares the kernel's process group, which Jupyter's "signal"
// interrupts and a terminal's Ctrl-C signal whole. A cell's
// signal.Notify of SIGINT then Stop, or signal.Reset, gave SIGINT back to
// Go's default, which ends the process: the next such interrupt ended the
// engine. The setting comes back once no cell's channel takes SIGINT.
func TestHostile6InterruptSignalSetting(t *testing.T) {
	signal.Ignore(os.Interrupt) // as engineproc.RunChild
	t.Cleanup(func() { signal.Reset(os.Interrupt) })
	e := ownEngine(t)
	ok(t, e, "import (\"context\"; \"os/signal\"; \"syscall\")\nisC := make(chan os.Signal, 1)")
	for _, code := range []string{
		"signal.Notify(isC, os.Interrupt)\nsignal.Stop(isC)",
		"signal.Notify(isC)\nsignal.Reset()",
		"signal.Notify(isC, syscall.SIGINT)\nsignal.Reset(os.Interrupt)",
		"_, isStop := signal.NotifyContext(context.Background(), os.Interrupt)\nisStop()",
	} {
		ok(t, e, code)
		if !signal.Ignored(os.Interrupt) {
			t.Errorf("after %q, SIGINT is not ignored", code)
			signal.Ignore(os.Interrupt)
		}
	}
	// A cell's channel gets SIGINT while it is notified.
	ok(t, e, "signal.Notify(isC, os.Interrupt)")
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if got := ok(t, e, "isS := <-isC\nsignal.Stop(isC)\nisS").result(); got != "interrupt" {
		t.Errorf("the cell's notified channel got %q", got)
	}
	if !signal.Ignored(os.Interrupt) {
		t.Error("after the cell's Notify and Stop, SIGINT is not ignored")
	}
}

// Inspecting (Shift-Tab, hover) a value that holds itself ended the engine
// with fmt's fatal stack overflow, and one of millions of elements was
// printed whole, with no cell to interrupt: such a value is named, and a
// long one is cut to its head.
func TestHostile6InspectHostileValues(t *testing.T) {
	e := ownEngine(t)
	ok(t, e, "ivS := []any{nil}\nivS[0] = ivS\nivM := map[string]any{}\nivM[\"m\"] = ivM\nivB := make([]int64, 30_000_000)\nivT := strings.Repeat(\"x\", 1<<24)\nivD := map[int]int{}\nfor i := range 1000 {\n\tivD[i] = i\n}")
	for _, c := range []struct{ name, want string }{
		{"ivS", "value: (a []interface {} that holds itself, or is nested too deep to print)"},
		{"ivM", "value: (a map[string]interface {} that holds itself, or is nested too deep to print)"},
		{"ivB", " … (30000000 elements)"},
		{"ivT", " … (16777216 bytes)"},
		{"ivD", " … (1000 entries)"},
	} {
		rep := e.Inspect(c.name, len(c.name), 0)
		text, _ := rep.Data["text/plain"].(string)
		if !rep.Found || !strings.HasSuffix(text, c.want) || len(text) > 2000 {
			t.Errorf("inspect %s: %d bytes %.300q, want …%s", c.name, len(text), text, c.want)
		}
	}
}

// A complete_request whose code ended in a million "a." took hours, each
// qualifier prepended to the chain, while the engine held it: chains past
// maxQualifiers are not resolved.
func TestHostile6CompleteLongChain(t *testing.T) {
	e := ownEngine(t)
	ok(t, e, "type lcT struct{ Field int }\nvar lcV lcT")
	if rep := e.Complete("lcV.Fi", 6); len(rep.Matches) != 1 || rep.Matches[0] != "Field" {
		t.Errorf("lcV.Fi: %v", rep.Matches)
	}
	long := strings.Repeat("lcV.", 1_000_000) + "Fi"
	if rep := e.Complete(long, len(long)); len(rep.Matches) != 0 {
		t.Errorf("a chain of a million: %v", rep.Matches)
	}
	if rep := e.Inspect(long, len(long), 0); rep.Found {
		t.Errorf("inspecting a chain of a million: %v", rep.Data)
	}
}
