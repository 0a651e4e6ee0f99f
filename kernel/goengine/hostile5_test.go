package goengine

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/nb"
)

// Compiled functions that read until EOF, of a reader with no end: each
// ran on past an interrupt and grew the heap until Go's runtime ended the
// engine (os.ReadFile("/dev/zero")). They stop at the memory guard's cap
// with a MemoryError, or at an interrupt, and the notebook's variables are
// kept.
func TestHostile5EndlessReads(t *testing.T) {
	e, base := guardedEngine(t)
	ok(t, e, "erKeep := 41\nimport \"io\"\ntype erZeros struct{}\nfunc (erZeros) Read(p []byte) (int, error) { return len(p), nil }")
	for _, c := range []struct{ code, want string }{
		{"erB, erE := os.ReadFile(\"/dev/zero\")\nfmt.Println(\"after\", len(erB), erE)", "os.ReadFile of"},
		{"erF, _ := os.Open(\"/dev/zero\")\nerB, erE := io.ReadAll(erF)\nfmt.Println(\"after\", len(erB), erE)", "io.ReadAll of"},
		{"erB, erE := io.ReadAll(erZeros{})\nfmt.Println(\"after\", len(erB), erE)", "io.ReadAll of"},
		// The destination grows: the watch stops the cell, and the source
		// stops reading.
		{"erF, _ := os.Open(\"/dev/zero\")\nvar erBuf bytes.Buffer\nerN, erE := io.Copy(&erBuf, erF)\nfmt.Println(\"after\", erN, erE)", "the cell was stopped"},
		{"erF, _ := os.Open(\"/dev/zero\")\nvar erBuf bytes.Buffer\nerN, erE := erBuf.ReadFrom(erF)\nfmt.Println(\"after\", erN, erE)", "the cell was stopped"},
	} {
		r, rep := execWithin(t, e, c.code)
		if rep.Error == nil || rep.Error.Name != memoryErrorName || !strings.Contains(rep.Error.Value, c.want) {
			t.Errorf("%q: %+v, want a MemoryError: …%s…", c.code, rep.Error, c.want)
		}
		if strings.Contains(r.text("stdout"), "after") {
			t.Errorf("%q went on: %q", c.code, r.text("stdout"))
		}
		if got := ok(t, e, "erKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: erKeep + 1 = %q", c.code, got)
		}
		waitLive(t, c.code, base+memCapTest/4)
	}
	// Copying to a writer that keeps nothing stops at an interrupt.
	interruptsKeeping(t, e, "erF, _ := os.Open(\"/dev/zero\")\nfmt.Println(\"started\")\nio.Copy(io.Discard, erF)", "erKeep")
	// Reads that end are as Go's.
	file := filepath.Join(t.TempDir(), "x")
	if err := os.WriteFile(file, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := ok(t, e, "erD, _ := os.ReadFile("+strconv.Quote(file)+")\nerA, _ := io.ReadAll(strings.NewReader(\"all\"))\n"+
		"var erW strings.Builder\nio.CopyN(&erW, strings.NewReader(\"copied\"), 4)\nstring(erD) + string(erA) + erW.String()").result(); got != "dataallcopi" {
		t.Errorf("reads that end: %q", got)
	}
	if xe := fails(t, e, "_, erM := os.ReadFile(\"/nonexistent/x\")\nerM"); !strings.HasSuffix(xe.Value, "open /nonexistent/x: no such file or directory") {
		t.Errorf("a missing file: %s", xe.Value)
	}
}

// Compiled functions and methods whose result's size the cell chooses by a
// count, not a length: strconv.FormatFloat(1, 'f', 1<<40, 64) ended the
// engine ("fatal error: runtime: out of memory"), and
// new(big.Int).MulRange(1, 1<<40) ran on past an interrupt until it did.
// They are refused as make is.
func TestHostile5CountedAllocations(t *testing.T) {
	e := shared(t)
	ok(t, e, "caKeep := 41\nimport \"math/big\"")
	for _, c := range []struct{ code, what string }{
		{"caS := strconv.FormatFloat(1, 'f', 1<<40, 64)\nfmt.Println(\"after\", len(caS))", "strconv.FormatFloat of 1.0 TiB"},
		{"caS := strconv.AppendFloat(nil, 1, 'e', 1<<40, 64)\nfmt.Println(\"after\", len(caS))", "strconv.AppendFloat of 1.0 TiB"},
		{"caB := new(big.Int).MulRange(1, 1<<40)\nfmt.Println(\"after\", caB.BitLen())", "big.Int.MulRange of 5.1 TiB"},
		{"caB := new(big.Int).MulRange(-1<<40, -1)\nfmt.Println(\"after\", caB.BitLen())", "big.Int.MulRange of 5.1 TiB"},
		{"caM := new(big.Int).MulRange\ncaB := caM(1, 1<<40)\nfmt.Println(\"after\", caB.BitLen())", "big.Int.MulRange of 5.1 TiB"},
		{"caB := new(big.Int).Binomial(1<<40, 1<<39)\nfmt.Println(\"after\", caB.BitLen())", "big.Int.Binomial of 2.6 TiB"},
		{"caS := big.NewFloat(1.5).Text('f', 1<<40)\nfmt.Println(\"after\", len(caS))", "big.Float.Text of 1.0 TiB"},
		{"caS := big.NewFloat(1.5).Append(nil, 'e', 1<<40)\nfmt.Println(\"after\", len(caS))", "big.Float.Append of 1.0 TiB"},
		{"caS := big.NewRat(1, 3).FloatString(1 << 40)\nfmt.Println(\"after\", len(caS))", "big.Rat.FloatString of 1.0 TiB"},
	} {
		r, rep := execWithin(t, e, c.code)
		if rep.Error == nil || !strings.Contains(rep.Error.Value, c.what) || !strings.Contains(rep.Error.Value, "refused") {
			t.Errorf("%q: %+v, want %s … refused", c.code, rep.Error, c.what)
		}
		if strings.Contains(r.text("stdout"), "after") {
			t.Errorf("%q went on: %q", c.code, r.text("stdout"))
		}
		if got := ok(t, e, "caKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: caKeep + 1 = %q", c.code, got)
		}
	}
	// Sizes the cap allows, and the ranges whose product is 0 or 1.
	if got := ok(t, e, "strings.TrimSpace(fmt.Sprintln(new(big.Int).MulRange(1, 20), new(big.Int).MulRange(-1<<40, 1<<40), new(big.Int).MulRange(5, 1), "+
		"new(big.Int).Binomial(10, 3), new(big.Int).Binomial(1<<40, 1<<40-1), new(big.Int).Binomial(3, 10), "+
		"big.NewRat(1, 3).FloatString(5), big.NewFloat(1.5).Text('f', 3), strconv.FormatFloat(1.5, 'f', 3, 64), len(strconv.FormatFloat(1, 'f', 1<<20, 64))))").result(); got != "2432902008176640000 0 1 120 1099511627776 0 0.33333 1.500 1.500 1048578" {
		t.Errorf("allowed sizes: %s", got)
	}
}

// Process-wide settings a cell reaches through runtime/debug:
// debug.SetMemoryLimit(1) made every later cell collect at each allocation
// (a loop of 1 GiB took 15 s), and raising it let garbage outgrow the
// machine. Reading it stays.
func TestHostile5ProcessSettings(t *testing.T) {
	e := shared(t)
	ok(t, e, "psKeep := 41\nimport \"runtime/debug\"")
	for _, code := range []string{"debug.SetMemoryLimit(1)", "debug.SetMemoryLimit(1 << 62)", "debug.SetMemoryLimit(0)"} {
		if xe := fails(t, e, code); !strings.Contains(xe.Value, "is not available in a cell: the limit is the whole kernel process's") {
			t.Errorf("%s: %s", code, xe.Value)
		}
	}
	if got := ok(t, e, "debug.SetMemoryLimit(-1) > 0 && psKeep == 41").result(); got != "true" {
		t.Errorf("reading the limit: %s", got)
	}
}

// A %%cuda cell of thousands of kernels, interrupted after its compile,
// while the engine reads each kernel's attributes: on the virtual GPU the
// first waits for the module's SASS (NVRTC and nvdisasm, which no
// interrupt stops), and the interrupt was answered 18 s late.
func TestHostile5ThousandsOfKernelsInterrupted(t *testing.T) {
	needCUDA(t)
	if dev, _ := nb.Device(); !dev.Virtual() {
		t.Skip("a GPU reads attributes at once")
	}
	e := ownEngine(t)
	ok(t, e, "tkKeep := 41")
	var src strings.Builder
	// A source of its own: a cached compile would have its SASS cached too.
	fmt.Fprintf(&src, "%%%%cuda\n// %d\n", time.Now().UnixNano())
	for i := range 3000 {
		fmt.Fprintf(&src, "__global__ void tk%d(int *x) { x[0] = %d; }\n", i, i)
	}
	compiled := func() bool {
		e.sess.kernels.mu.Lock()
		defer e.sess.kernels.mu.Unlock()
		return len(e.sess.kernels.modules) > 0
	}
	done := make(chan kernel.ExecuteReply, 1)
	go func() { _, rep := exec(t, e, src.String()); done <- rep }()
	for !compiled() {
		select {
		case rep := <-done:
			t.Fatalf("the cell ended before its interrupt: %+v", rep.Error)
		case <-time.After(time.Millisecond):
		}
	}
	e.Interrupt()
	start := time.Now()
	select {
	case rep := <-done:
		if rep.Error == nil || rep.Error.Name != "Interrupted" {
			t.Errorf("reply %+v", rep.Error)
		}
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("answered %v after the interrupt", took)
		}
	case <-time.After(time.Minute):
		t.Fatal("no answer a minute after the interrupt")
	}
	if got := ok(t, e, "tkKeep + 1").result(); got != "42" {
		t.Errorf("tkKeep + 1 = %q", got)
	}
}

// Pictures too big to draw in compiled code that no interrupt stops: an
// image of image.NewUniform's bounds (two billion pixels square) encoded
// for hours; a chart of five million points held the cell for minutes.
// Each shows why, at once, and the notebook goes on.
func TestHostile5HugePictures(t *testing.T) {
	e := ownEngine(t)
	ok(t, e, "hpKeep := 41\nhpXs := make([]float64, 5_000_000)")
	for _, c := range []struct{ code, want string }{
		{"display.Image(image.NewUniform(color.Black))", "display.Image: the image is 2000000000×2000000000 pixels, more than the 64 megapixels"},
		{"image.NewUniform(color.Black)", "more than the 64 megapixels an image may have to be shown"},
		{"plots.Lines(\"big\", \"x\", \"y\", false, false).Add(\"s\", hpXs, hpXs)", `series "s" has 5000000 points, more than the 100000 a series may have`},
	} {
		r, rep := execWithin(t, e, c.code)
		if rep.Error != nil || !strings.Contains(r.result(), c.want) {
			t.Errorf("%q: %+v, %q; want …%s…", c.code, rep.Error, r.result(), c.want)
		}
		if got := ok(t, e, "hpKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: hpKeep + 1 = %q", c.code, got)
		}
	}
}

// Goroutines that write a map without a lock, the classic first mistake
// with goroutines, ended the engine with Go's "fatal error: concurrent map
// writes" and the notebook's variables with it (yaegi patch 144).
func TestHostile5SharedMap(t *testing.T) {
	e := shared(t)
	ok(t, e, "smKeep := 41")
	r := ok(t, e, `smM := map[int]int{}
var smWG sync.WaitGroup
for i := 0; i < 8; i++ {
	smWG.Add(2)
	go func() {
		defer smWG.Done()
		for j := 0; j < 100000; j++ {
			smM[j%100] = j
			smM[j%10]++
		}
	}()
	go func() {
		defer smWG.Done()
		for j := 0; j < 1000; j++ {
			for range smM {
			}
		}
	}()
}
smWG.Wait()
fmt.Println(len(smM))`)
	if got := r.text("stdout"); got != "100\n" {
		t.Errorf("len(smM): %q", got)
	}
	if got := ok(t, e, "smKeep + 1").result(); got != "42" {
		t.Errorf("smKeep + 1 = %q", got)
	}
}

// Unlocking a mutex that is not locked (a second Unlock, one in the wrong
// branch) ended the engine with Go's "fatal error: sync: unlock of
// unlocked mutex": the cells' sync.Mutex and sync.RWMutex panic instead.
func TestHostile5UnlockOfUnlocked(t *testing.T) {
	e := shared(t)
	ok(t, e, "uuKeep := 41")
	for _, c := range []struct{ code, want string }{
		{"var uuM sync.Mutex\nuuM.Lock()\nuuM.Unlock()\nuuM.Unlock()", "sync: unlock of unlocked mutex"},
		{"var uuRW sync.RWMutex\nuuRW.RUnlock()", "sync: RUnlock of unlocked RWMutex"},
		{"var uuRW sync.RWMutex\nuuRW.Unlock()", "sync: Unlock of unlocked RWMutex"},
		{"var uuRW sync.RWMutex\nuuRW.RLock()\nuuRW.Unlock()", "sync: Unlock of an RWMutex locked for reading only"},
		{"type uuS struct {\n\tsync.Mutex\n\tn int\n}\nvar uuS1 uuS\nuuS1.Unlock()", "sync: unlock of unlocked mutex"},
	} {
		if xe := fails(t, e, c.code); !strings.Contains(xe.Value, c.want) {
			t.Errorf("%q: %s, want …%s…", c.code, xe.Value, c.want)
		}
	}
	if got := ok(t, e, "var uuOK sync.Mutex\nuuOK.Lock()\nuuOK.Unlock()\nfmt.Sprintf(\"%T %d\", uuOK, uuKeep+1)").result(); got != "sync.Mutex 42" {
		t.Errorf("a mutex locked and unlocked: %q", got)
	}
}

// A value nested three million deep, built in a loop, handed to
// encoding/json, or two to reflect.DeepEqual, ended the engine with Go's
// fatal stack overflow (yaegi patch 145, deep.go); printing one was
// already refused (patch 42).
func TestHostile5DeepCodecValue(t *testing.T) {
	e := ownEngine(t) // the values are large: freed with the engine
	ok(t, e, "dcKeep := 41\nimport (\"encoding/json\"; \"reflect\")\nvar dcV, dcW any = 0, 0\nfor i := 0; i < 3_000_000; i++ {\n\tdcV, dcW = []any{dcV}, []any{dcW}\n}")
	for _, code := range []string{"_, dcE := json.Marshal(dcV)\ndcE", "fmt.Sprint(dcV)", "reflect.DeepEqual(dcV, dcW)"} {
		_, rep := execWithin(t, e, code)
		if rep.Error == nil || rep.Error.Name != "StackOverflow" || !strings.Contains(rep.Error.Value, "nested that deep") {
			t.Errorf("%q: %+v", code, rep.Error)
		}
	}
	// Values that nest less, or hold themselves, compare as in Go.
	if got := ok(t, e, "dcM := map[string]any{}\ndcM[\"m\"] = dcM\ndcN := map[string]any{}\ndcN[\"m\"] = dcN\n"+
		"fmt.Sprint(reflect.DeepEqual(dcM, dcN), reflect.DeepEqual([][]int{{1}, {2}}, [][]int{{1}, {2}}), reflect.DeepEqual(dcKeep, 42))").result(); got != "true true false" {
		t.Errorf("DeepEqual: %s", got)
	}
	if got := ok(t, e, "dcKeep + 1").result(); got != "42" {
		t.Errorf("dcKeep + 1 = %q", got)
	}
}

// Outputs a browser cannot hold: a PNG of 256 MiB went whole to the front
// end, and a loop that showed 100000 values sent them all. An image past
// 16 output limits is left out, saying so, and past 10000 displays or 64
// output limits since the cell's last clear, displays are left out, with
// a notice at the end; a clear starts the count again (an animation).
func TestHostile5HugeDisplays(t *testing.T) {
	e := ownEngine(t)
	ok(t, e, "hdKeep := 41")
	r := ok(t, e, "display.Show(display.PNG(make([]byte, 1<<28)))")
	if len(r.events) != 1 || r.events[0].kind != "display" {
		t.Fatalf("events: %d", len(r.events))
	}
	if _, png := r.events[0].data["image/png"]; png || !strings.Contains(r.events[0].data["text/plain"].(string), "image/png (357913944 bytes) left out") {
		t.Errorf("a 256 MiB PNG: %.200v", r.events[0].data)
	}
	displays := func(r *recorder) (n int) {
		for _, ev := range r.events {
			if ev.kind == "display" {
				n++
			}
		}
		return n
	}
	r = ok(t, e, "for i := 0; i < 20000; i++ {\n\tdisplay.Show(i)\n}")
	if n := displays(r); n != maxDisplays || !strings.Contains(r.text("stderr"), "[10000 displays (") {
		t.Errorf("20000 displays: %d sent, stderr %q", n, r.text("stderr"))
	}
	// An animation: each frame clears the last.
	r = ok(t, e, "for i := 0; i < 20000; i++ {\n\tdisplay.Clear(true)\n\tdisplay.Show(i)\n}")
	if n := displays(r); n != 20000 || r.text("stderr") != "" {
		t.Errorf("20000 frames: %d sent, stderr %q", n, r.text("stderr"))
	}
	if got := ok(t, e, "hdKeep + 1").result(); got != "42" {
		t.Errorf("hdKeep + 1 = %q", got)
	}
}

// ownEngine is an engine of the test's alone, shut down at its end: what
// the test leaves in it (a large value) does not weigh on the tests of
// the memory guard, which read the process's heap.
func ownEngine(t *testing.T, opts ...Options) *Engine {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Shutdown(false) })
	return e
}

// A read at a wild address (a cell's unsafe.Pointer) in a function that
// time.AfterFunc or context.AfterFunc calls ended the engine with Go's
// "unexpected fault address" (goroutines that a cell starts had the fault
// as a panic already): it is reported as the callback's panic.
func TestHostile5FaultInCallback(t *testing.T) {
	e := ownEngine(t)
	ok(t, e, "fcKeep := 41\nimport (\"context\"; \"unsafe\")\nfcAt := uintptr(123456)")
	for _, c := range []struct{ code, what string }{
		{"time.AfterFunc(0, func() { println(*(*int)(unsafe.Pointer(fcAt))) })", "a time.AfterFunc callback"},
		{"fcCtx, fcCancel := context.WithCancel(context.Background())\ncontext.AfterFunc(fcCtx, func() { println(*(*int)(unsafe.Pointer(fcAt))) })\nfcCancel()", "a context.AfterFunc callback"},
	} {
		// Reported on this cell's stderr, or on a later one's. The later
		// cells are empty: one that declared anything would grow the
		// interpreter's global frame while the callback may still read it,
		// a race of the interpreter's (goroutines outliving their cell)
		// that the race detector reports.
		want := "panic in " + c.what + ": runtime error: invalid memory address or nil pointer dereference"
		seen := ok(t, e, c.code).text("stderr")
		for deadline := time.Now().Add(time.Minute); !strings.Contains(seen, want); {
			if time.Now().After(deadline) {
				t.Fatalf("%q: no report in a minute: %q", c.code, seen)
			}
			time.Sleep(10 * time.Millisecond)
			seen += ok(t, e, "").text("stderr")
		}
		if got := ok(t, e, "fcKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: fcKeep + 1 = %q", c.code, got)
		}
	}
}

// var grid [1 << 34]byte took 16 GiB past the cap for a running cell
// (its storage is made with the frame, which the memory guard did not
// see), and resetting the variable could not give it back: every later
// cell was stopped, and the next such variable ended the engine. An array
// type the guard refuses is a compile error (yaegi patch 146).
func TestHostile5HugeArrayVariable(t *testing.T) {
	e, base := guardedEngine(t) // a cap of about 100 MiB
	for _, code := range []string{
		"var haA [1 << 30]byte\nfmt.Println(\"after\", len(haA))",
		"func haF() int {\n\tvar g [1 << 27]int64\n\treturn len(g)\n}\nfmt.Println(\"after\", haF())",
		"type haT struct{ a [1 << 30]byte }\nvar haS haT\nfmt.Println(\"after\", len(haS.a))",
	} {
		r, rep := execWithin(t, e, code)
		if rep.Error == nil || strings.Contains(r.text("stdout"), "after") {
			t.Errorf("%q: %+v, %q", code, rep.Error, r.text("stdout"))
		}
		if got := ok(t, e, "mgKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: mgKeep + 1 = %q", code, got)
		}
		waitLive(t, code, base+memCapTest/4)
	}
	if xe := fails(t, e, "var haB [1 << 30]byte"); !strings.Contains(xe.Value, "array too large: array [1073741824]uint8 of 1 GiB refused") {
		t.Errorf("the reason: %s", xe.Value)
	}
	if got := ok(t, e, "var haSmall [1 << 20]byte\nlen(haSmall)").result(); got != "1048576" {
		t.Errorf("an array the cap allows: %s", got)
	}
}

// An endless iter.Seq collected by slices.Collect grows until the memory
// guard stops it; one that never yields is interrupted; the notebook goes
// on either way.
func TestHostile5EndlessSeq(t *testing.T) {
	e, base := guardedEngine(t)
	ok(t, e, "import (\"iter\"; \"slices\")\nfunc esNat() iter.Seq[int] {\n\treturn func(yield func(int) bool) {\n\t\tfor i := 0; ; i++ {\n\t\t\tif !yield(i) {\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}")
	// Of megabytes, so that the cap comes soon (under the race detector too).
	_, rep := execWithin(t, e, "esAll := slices.Collect(func(yield func([]byte) bool) {\n\tfor yield(make([]byte, 1<<20)) {\n\t}\n})\nfmt.Println(\"after\", len(esAll))")
	if rep.Error == nil || rep.Error.Name != memoryErrorName {
		t.Errorf("collecting an endless Seq: %+v", rep.Error)
	}
	waitLive(t, "collecting an endless Seq", base+memCapTest/4)
	interruptsKeeping(t, e, "fmt.Println(\"started\")\nfor range func(yield func(int) bool) {\n\tfor {\n\t}\n} {\n}", "mgKeep")
	if got := ok(t, e, "fmt.Sprint(slices.Collect(func(yield func(int) bool) {\n\tfor i := range esNat() {\n\t\tif i == 3 || !yield(i) {\n\t\t\treturn\n\t\t}\n\t}\n}))").result(); got != "[0 1 2]" {
		t.Errorf("a Seq that ends: %s", got)
	}
}
