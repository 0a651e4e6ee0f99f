package worker

import (
	"fmt"

	"github.com/culab/culab/cudalib/internal/seam"
)

// The wire: gob-encoded calls (wreq) and answers (wresp); each operation
// (Op) uses the fields its comments name, and its result comes back in a
// field of its own type. The first call opens the device and checks that
// both ends speak the same version of it (wireVersion); launches go as
// binary records (workerbatch.go).

// wireVersion is the version of the wire: raise it with any change to
// wreq, wresp or the records. A worker is this program's executable
// started again, which may have been rebuilt since this process started.
const wireVersion = 4

// wreq is one call to the worker. Handles (modules, functions, streams,
// timers) are numbers the worker hands out.
type wreq struct {
	Op      string
	Open    wopen  // open
	Ptr     uint64 // the device pointer or handle the call is on
	Ptr2    uint64 // dtod: the source
	N       int    // bytes: alloc, dtoh, dtod and the staged copies; fill: the count
	Size    int    // fill: each element's bytes
	Pattern uint64 // fill
	Data    []byte // htod: the bytes; batch: the records
	Compile wcompile
	Sym     string // function, global
	Occ     wocc   // setMaxShared, suggestBlock, activeBlocks
	// launchTimed:
	Grid   [3]int
	Block  [3]int
	Shared int
	Stream uint64 // also timerStart, timerStop
	Timer  uint64
	Params []uint64
	Post   bool // no reply: a batch of launches; a failure is reported by the next call
}

// wopen opens the device: the wire's version, the GPU, and the bytes of
// the copy stage offered (0: none).
type wopen struct{ Version, Ordinal, Stage int }

// wocc is an occupancy call's block size and dynamic shared bytes.
type wocc struct{ Block, Dynamic int }

// wcompile is a seam.CompileRequest on the wire. Cancellable: until its
// answer, the parent may send a "cancelCompile" (posted), which stops the
// compile; one that comes after the answer is ignored.
type wcompile struct {
	Name, Source       string
	Options, NameExprs []string
	Cancellable        bool
}

// wresp is the answer to a call: its error, or the result in the field of
// the call's operation.
type wresp struct {
	Err       *werr
	Opened    wopened   // open
	Ptr       uint64    // alloc, global: the device pointer; compile, function, newStream, newTimer: the handle
	Size      int       // global: the variable's bytes
	Mem       wmem      // memInfo
	Data      []byte    // dtoh
	Module    wmodule   // compile
	Func      wfunc     // function
	Occupancy woccupied // suggestBlock, activeBlocks
	Ms        float64   // timerElapsed: milliseconds
}

// wopened is the opened device: the worker's wire version (also with an
// error), its Info, and the bytes of the copy stage it mapped (0: none).
type wopened struct {
	Version int
	Info    seam.Info
	Stage   int
}

// wmem is memInfo's result.
type wmem struct{ Free, Total uint64 }

// wmodule is a compiled module's names, log and cache hit.
type wmodule struct {
	Lowered map[string]string
	Log     string
	Cached  bool
}

// wfunc is a function's attributes and parameter sizes.
type wfunc struct {
	Attrs   seam.Attributes
	Sizes   []int
	SizesOK bool
}

// woccupied is suggestBlock's (MinGrid, Block) or activeBlocks' result.
type woccupied struct{ MinGrid, Block, Blocks int }

// versionErr says that the other end (who) speaks version v of the wire
// (0: one from before versions), not this one's.
func versionErr(who string, v int) error {
	return fmt.Errorf("gpu worker: %s speaks version %d of the wire, this one %d: they are different builds of culab (was it rebuilt since the program started?); restart the program", who, v, wireVersion)
}
