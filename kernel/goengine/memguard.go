package goengine

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/culab/culab/internal/memlimit"
	"github.com/culab/culab/kernel"
)

// A cell that grows without end (for { s = append(s, make([]byte, 1<<20)) })
// would run until the OS killed the engine, and the notebook's variables
// with it. So while a cell runs, a goroutine reads the heap every
// guardPeriod (runtime/metrics: a few microseconds, nothing per
// allocation), and when the live heap passes the cap it stops the cell as
// an interrupt does; the engine then resets the variables the cell
// defined and collects, so the memory comes back and earlier cells'
// variables are kept. One allocation large enough to pass the cap at once
// (append doubling a huge slice, make, strings.Repeat) is refused before it
// is made, with a panic the cell may recover (memGuard.allow, through the
// interpreter's AllocGuard, yaegi patch 43).
//
// What is counted: the Go heap, which holds the cells' values and the
// virtual GPU's small device allocations (under 1 MiB), and the goroutines'
// stacks. Not counted: the virtual GPU's larger device buffers, anonymous
// mappings outside the heap (cudalib/vgpu/backing.go), which its own
// device memory limit bounds with a CUDA out-of-memory error; and memory
// of native libraries (NVRTC, the CUDA driver).
//
// Not bounded: growth that compiled code makes as it writes, with no call
// of the cell's in between that the guard could check (a bytes.Buffer
// that fmt.Fprintf, io.Copy or the cell's Write fills, strings.Builder,
// encoding/json's output). Go has no hook before such an allocation, so
// the watch sees it made: a bytes.Buffer of capacity B that must grow takes
// max(2B, B+n) at once, and while it copies, the old array is live too.
// The cap passed, the cell is stopped within guardPeriod, but the heap
// may then hold about 3B, which is resident as far as written (2B at
// the copy's end: fresh pages of the new array are the OS's zeros until
// touched; a cell filling a bytes.Buffer under a cap of 97 MiB peaked at
// 168 MiB resident); a strings.Builder grows by a quarter (append's rule), about
// 2.25B. With B up to the cap (cellShare, 0.6 of the memory) the peak can
// pass the process's memory: the OS (or Go's runtime) ends the engine,
// and engineproc starts a fresh one, the kernel and other notebooks going
// on; the notebook's variables are lost. Checking each Write would need
// the cells' bytes.Buffer to be a type of the engine's, which compiled
// functions taking a *bytes.Buffer (json.Indent, json.Compact) would
// refuse; what a cell asks for itself is checked (Buffer.Grow's n,
// strings.Repeat: cellguards.go).

// cellShare is the share of the process's memory (its cgroup's limit, else
// the machine's) that the live heap may reach while a cell runs: below
// engineproc's soft limit (0.8), so that the collector has room for the
// garbage beside it, and leaving the rest to what is not counted.
const cellShare = 0.6

// CellMemoryEnv overrides the cap: a size ("2GiB"), or "off".
const CellMemoryEnv = "CULAB_CELL_MEMORY"

const (
	// guardPeriod is how often the heap is read while a cell runs,
	// idlePeriod between cells.
	guardPeriod = 20 * time.Millisecond
	idlePeriod  = 200 * time.Millisecond
	// checkMin is the smallest allocation that AllocGuard checks.
	checkMin = 1 << 20
	// forcedGCGap is the least time between two collections that the guard
	// forces to learn what is live (the heap passed the cap, but perhaps
	// with garbage).
	forcedGCGap = 100 * time.Millisecond
)

// cellMemory is the cap that Options.CellMemory asks for: itself when
// positive, none when negative, else CULAB_CELL_MEMORY or cellShare of
// the process's memory (with an error when the variable does not parse).
func cellMemory(opt int64) (int64, error) {
	switch {
	case opt > 0:
		return opt, nil
	case opt < 0:
		return 0, nil
	}
	byDefault := int64(float64(memlimit.Of("/")) * cellShare)
	v := strings.TrimSpace(os.Getenv(CellMemoryEnv))
	switch v {
	case "":
		return byDefault, nil
	case "off":
		return 0, nil
	}
	n, err := memlimit.ParseSize(v)
	if err != nil {
		return byDefault, fmt.Errorf("%s: %w, or off", CellMemoryEnv, err)
	}
	return n, nil
}

// heap reads the heap's objects (live, and garbage not yet collected) and
// what the last collection found live, each with the goroutines' stacks
// (a cell starting goroutines without end grows those).
func heap() (objects, live int64) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(s)
	stacks := int64(s[2].Value.Uint64())
	return int64(s[0].Value.Uint64()) + stacks, int64(s[1].Value.Uint64()) + stacks
}

// memGuard watches the heap while a cell runs.
type memGuard struct {
	limit int64                                   // the cap; 0: none
	stop  atomic.Pointer[context.CancelCauseFunc] // the running cell's; nil between cells

	mu     sync.Mutex // serialises the collections it forces
	lastGC time.Time
}

// liveOver says whether the live heap and extra bytes pass the cap, and
// how much is live: the heap's objects when they are under it, else what
// a collection finds live. The watch (gap) forces no collection less than
// forcedGCGap after the last one: until its next tick, the last count
// stands. An allocation's check always may: it comes only with an
// allocation of 1 MiB or more, and one allowed on a stale count would
// overshoot.
func (g *memGuard) liveOver(extra int64, gap bool) (int64, bool) {
	if objects, _ := heap(); objects+extra <= g.limit {
		return objects, false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	objects, live := heap()
	if objects+extra <= g.limit { // another caller collected meanwhile
		return objects, false
	}
	if live+extra <= g.limit && (!gap || time.Since(g.lastGC) >= forcedGCGap) {
		runtime.GC()
		g.lastGC = time.Now()
		_, live = heap()
	}
	return live, live+extra > g.limit
}

// stopCell stops the running cell, if any, as an interrupt does, because
// the heap held held bytes.
func (g *memGuard) stopCell(held int64) {
	if p := g.stop.Load(); p != nil {
		(*p)(&memoryStop{held: held, limit: g.limit})
	}
}

// watch watches the heap until the returned function is called, and stops
// the cell with cancel when it passes the cap.
func (g *memGuard) watch(cancel context.CancelCauseFunc) (end func()) {
	if g.limit <= 0 {
		return func() {}
	}
	g.stop.Store(&cancel)
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		t := time.NewTicker(guardPeriod)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			if held, over := g.liveOver(0, true); over {
				g.stopCell(held)
				return
			}
		}
	}()
	return func() {
		g.stop.Store(nil)
		close(done)
		<-ended
	}
}

// idleWatch watches the heap between cells, every idlePeriod, until stop
// is closed: a goroutine that a cell started may go on growing after the
// cell. When the live heap is past the cap and still growing, it stops the
// interpreter, which stops every goroutine of the notebook (as an
// interrupt does), and says so on the next cell's stderr; variables keep
// their values.
func (e *Engine) idleWatch(stop <-chan struct{}) {
	t := time.NewTicker(idlePeriod)
	defer t.Stop()
	var last int64
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		if e.guard.stop.Load() != nil {
			continue
		}
		held, over := e.guard.liveOver(0, true)
		growing := held > last
		last = held
		if !over || !growing || !e.mu.TryLock() { // a cell runs: its watch is on
			continue
		}
		stopped := !e.closed && !e.sess.stopped
		if stopped {
			e.sess.halt()
		}
		e.mu.Unlock()
		if stopped {
			e.cap.emit(stderr, []byte(fmt.Sprintf("The notebook's goroutines were stopped between cells: the engine's heap held %s,"+
				" at or past its cap of %s (%s sets it); variables keep their values.\n", memlimit.Format(held), memlimit.Format(e.guard.limit), CellMemoryEnv)))
			debug.FreeOSMemory()
		}
	}
}

// allow is the interpreter's AllocGuard: while a cell runs, it checks
// allocations from checkMin: one that would take the live heap past the
// cap is refused if it is an eighth of the cap or more, and otherwise made,
// the cell being stopped at its next step. A loop of such allocations
// outruns the watch's ticks (a gigabyte in 20 ms); one of small ones does
// not.
func (g *memGuard) allow(what string, bytes int64) error {
	if g.limit <= 0 || bytes < checkMin || g.stop.Load() == nil {
		return nil
	}
	held, over := g.liveOver(bytes, false)
	switch {
	case !over:
		return nil
	case bytes >= g.limit/8:
		return &MemoryError{What: what, Bytes: bytes, Held: held, Limit: g.limit}
	}
	g.stopCell(held + bytes)
	return nil
}

// repeat guards strings.Repeat and bytes.Repeat, native functions that
// allocate len(s)*count bytes at once; an overflowing count is left to
// them (they panic).
func (g *memGuard) repeat(what string, n, count int) {
	if n > 0 && count > 0 && n <= int(^uint(0)>>1)/count {
		if err := g.allow(what, int64(n)*int64(count)); err != nil {
			panic(err)
		}
	}
}

// pixels guards image.NewRGBA and its kind, which allocate the pixels of
// r at once, bpp bytes each (in compiled Go too, an image of a million
// pixels square ends the process: Go's runtime has no memory for it, a
// fatal error); huge or negative dimensions are left to them (they panic).
func (g *memGuard) pixels(what string, r image.Rectangle, bpp int) {
	if w := r.Dx(); w > 0 && w <= int(^uint(0)>>1)/bpp {
		g.repeat(what, w*bpp, r.Dy())
	}
}

// guardImage is f, an image constructor of bpp bytes a pixel, guarded by
// g.pixels.
func guardImage[T any](g *memGuard, what string, bpp int, f func(image.Rectangle) T) reflect.Value {
	return reflect.ValueOf(func(r image.Rectangle) T {
		g.pixels(what, r, bpp)
		return f(r)
	})
}

// MemoryError is the panic of an allocation that the engine refused: it
// would have taken the heap past the cap for a running cell.
type MemoryError struct {
	What  string // what allocated: make, append, strings.Repeat
	Bytes int64  // about how much
	Held  int64  // the live heap then
	Limit int64  // the cap
}

func (m *MemoryError) Error() string {
	return fmt.Sprintf("%s of %s refused: the engine holds %s, and the cap for a running cell is %s (%s sets it)",
		m.What, memlimit.Format(m.Bytes), memlimit.Format(m.Held), memlimit.Format(m.Limit), CellMemoryEnv)
}

// memoryErrorName names the error of a cell that the guard stopped or
// whose allocation it refused.
const memoryErrorName = "MemoryError"

// memoryStop is why the watch stopped a cell.
type memoryStop struct{ held, limit int64 }

func (m *memoryStop) Error() string { return "the cell held too much memory" }

// memoryStopOf is the memoryStop that ended ctx, or nil.
func memoryStopOf(ctx context.Context) *memoryStop {
	var ms *memoryStop
	if errors.As(context.Cause(ctx), &ms) {
		return ms
	}
	return nil
}

// memoryStopError is the error of a cell that the watch stopped.
func (x *run) memoryStopError(ms *memoryStop) *kernel.ExecError {
	msg := fmt.Sprintf("the cell was stopped: the engine's heap held %s, at or past its cap of %s for a running cell (%s sets it)",
		memlimit.Format(ms.held), memlimit.Format(ms.limit), CellMemoryEnv)
	return &kernel.ExecError{Name: memoryErrorName, Value: msg, Traceback: []string{memoryErrorName + ": " + msg, "    in " + x.label}}
}

// reclaimFor gets back the memory of a cell that ended with xe, a
// MemoryError: it resets the variables the cell defined (reclaim) and
// collects, and says so in xe.
func (x *run) reclaimFor(xe *kernel.ExecError) *kernel.ExecError {
	var note string
	if reset := x.reclaim(); len(reset) > 0 {
		note = fmt.Sprintf("; this cell's variables %s are reset (run a smaller version to define them)", strings.Join(reset, ", "))
	}
	debug.FreeOSMemory()
	_, after := heap()
	note += fmt.Sprintf("; earlier cells' variables are kept, and the heap holds %s after a collection", memlimit.Format(after))
	xe.Value += note
	xe.Traceback[0] += note
	return xe
}

// reclaim zeroes the variables that the cell defined, so that a collection
// gets their memory back, and marks them unset; it returns their names.
func (x *run) reclaim() []string {
	globals := x.s.globals()
	why := x.label + " was stopped for using too much memory"
	seen := map[string]bool{}
	for _, c := range x.compiled {
		for _, d := range c.decl {
			if d.kind != "variable" {
				continue
			}
			if v := globals[d.name]; v.IsValid() && v.CanSet() {
				v.Set(reflect.Zero(v.Type()))
			}
			seen[d.name] = true
			line := x.s.in.FileSet().Position(d.pos).Line
			x.s.unset[d.name] = unsetVar{label: x.label, line: line, why: why, kind: "variable"}
		}
	}
	names := make([]string, 0, len(seen))
	for name := range seen {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
