package vgpu

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The sanitizer: Run with Info.Report runs a launch as compute-sanitizer's four
// tools would watch it on a GPU, and goes on past every finding.
//
//   - "out-of-bounds", "misaligned" (memcheck): a global, shared, local or
//     generic access outside its memory or not aligned to its size. A
//     global access must also fall inside the allocation its pointer was
//     derived from (sanitize_prov.go), so an index far past the end is out
//     of bounds also where it lands inside another allocation; a pointer
//     made from an integer is checked against all allocations. The
//     access does not happen: a load reads 0, a store is dropped, an atomic
//     returns 0. Without the sanitizer an access outside every allocation
//     is a *Fault that ends the launch.
//   - "race" (racecheck): two threads of a block access the same byte of
//     shared memory, at least one of them writing, with no barrier between
//     (bar.sync and friends: a release of the block's barrier ends an
//     interval). Threads of different warps are ordered by nothing else:
//     their race is an error whose hint is a block barrier (__syncwarp,
//     and a fence alone, do not order them). Threads of one warp race too
//     unless a bar.warp.sync (__syncwarp) or a block barrier separates
//     them, since Volta's independent thread scheduling does not keep a
//     warp in lock-step (racecheck reports such hazards at its WARNING
//     level, as here); the lanes of one warp-instruction never race with
//     each other. As in racecheck, a write of the value already there is
//     benign (its INFO level, not reported). Atomics do not race. Both
//     source lines are reported; of the races on one pair of lines the
//     report keeps the most severe.
//   - "barrier-divergence" (synccheck), a warning: a block barrier
//     released while some threads of the block had not reached it — they
//     had exited (returned early), wait at another barrier instruction, or
//     are elsewhere in a divergent branch. CUDA makes this undefined
//     behaviour; the virtual GPU counts exited threads as arrived and
//     releases anyway, as execution does without the sanitizer.
//   - "uninitialized" (initcheck, and shared memory beyond it): a read of
//     shared memory that no thread of the block wrote in this launch, or of
//     global bytes never written since their allocation. Each allocation
//     keeps which of its bytes are written (sanitize_shadow.go) across
//     launches with and without the sanitizer: a host copy or fill marks
//     exactly the bytes it writes, a device copy gives its destination the
//     source's state byte for byte (a copy of unwritten bytes is
//     unwritten), a module variable is written by its initializer, and a
//     store marks its bytes — in a launch without the sanitizer at once,
//     in a sanitized one for the launches after it and for its own block
//     (stores of other blocks are unordered with the read, so they do not
//     count: that keeps the findings deterministic).
//
// Each finding is counted once per thread and access; findings that share
// kind, source line (and the other line of a race) are kept once with a
// Count. The report is the same on any number of workers: each block's
// findings come in its execution order, blocks in index order.

// MaxFindings is how many distinct findings a Report keeps.
const MaxFindings = 100

// Finding is one kind of error at one source line, as first met.
type Finding struct {
	Kind     string // "out-of-bounds", "misaligned", "race", "barrier-divergence", "uninitialized"
	Severity string // "error"; "warning" for barrier-divergence and races within a warp
	Kernel   string
	// Block and Thread are the first thread found (for a barrier: the
	// first thread missing from it).
	Block, Thread [3]int
	File          string // CUDA source from .loc; "" when unknown
	Line          int    // 0 when unknown
	PTXLine       int
	Access        string // "read", "write", "atomic"; "barrier"
	Space         string // "global", "shared", "local", "param"; "" for a barrier
	Addr          uint64 // in Space (shared and local: the offset in the window)
	Size          int    // bytes of the access
	// Allocation places Addr relative to the nearest allocation or window
	// (out-of-bounds, uninitialized global).
	Allocation string
	Other      *Site  // race: the earlier access of the other thread
	Count      int    // occurrences (threads × accesses; barriers: per block)
	Message    string // what happened, in a sentence
	// warnings is how many of Count were warnings, merged into a finding
	// of the same lines that is an error (see merge).
	warnings int
}

// Site is the other access of a race.
type Site struct {
	Thread  [3]int
	File    string
	Line    int
	PTXLine int
	Access  string // "read" or "write"
}

// Report is what a sanitized launch found.
type Report struct {
	Kernel      string
	Grid, Block [3]int
	// Findings are distinct (see Finding), in order of first occurrence,
	// at most MaxFindings.
	Findings []Finding
	Total    int // occurrences of every finding, also those beyond MaxFindings
	Errors   int // occurrences of severity "error"
	Warnings int // occurrences of severity "warning"
	Omitted  int // distinct findings beyond MaxFindings
}

// Clean reports whether the launch had no finding.
func (r *Report) Clean() bool { return r.Total == 0 }

// String writes the report as compute-sanitizer does, one block of lines
// per finding and a summary.
func (r *Report) String() string {
	var b strings.Builder
	const p = "========= "
	fmt.Fprintf(&b, "%sVIRTUAL GPU SANITIZER: kernel %s, grid (%d,%d,%d), block (%d,%d,%d)\n", p, r.Kernel,
		r.Grid[0], r.Grid[1], r.Grid[2], r.Block[0], r.Block[1], r.Block[2])
	for i := range r.Findings {
		f := &r.Findings[i]
		fmt.Fprintf(&b, "%s%s\n", p, f.headline())
		fmt.Fprintf(&b, "%s    at %s in %s\n", p, f.Kernel, where(f.File, f.Line, f.PTXLine))
		fmt.Fprintf(&b, "%s    by thread (%d,%d,%d) in block (%d,%d,%d)\n", p, f.Thread[0], f.Thread[1], f.Thread[2], f.Block[0], f.Block[1], f.Block[2])
		if o := f.Other; o != nil {
			fmt.Fprintf(&b, "%s    and %s access by thread (%d,%d,%d) at %s\n", p, o.Access, o.Thread[0], o.Thread[1], o.Thread[2], where(f.File, o.Line, o.PTXLine))
		}
		if f.Size > 0 {
			fmt.Fprintf(&b, "%s    Address 0x%x", p, f.Addr)
			if f.Allocation != "" {
				fmt.Fprintf(&b, " (%s)", f.Allocation)
			}
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s    %s\n", p, f.Message)
		if f.Count > 1 {
			fmt.Fprintf(&b, "%s    (%d times in all)\n", p, f.Count)
		}
		fmt.Fprintf(&b, "%s\n", strings.TrimSpace(p))
	}
	if r.Omitted > 0 {
		fmt.Fprintf(&b, "%s%d more distinct findings not shown\n", p, r.Omitted)
	}
	fmt.Fprintf(&b, "%sSUMMARY: %d errors, %d warnings\n", p, r.Errors, r.Warnings)
	return b.String()
}

func where(file string, line, ptxLine int) string {
	if file == "" && line == 0 {
		return fmt.Sprintf("PTX line %d", ptxLine)
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// headline is the finding's first line, in compute-sanitizer's words.
func (f *Finding) headline() string {
	switch f.Kind {
	case "race":
		return fmt.Sprintf("%s: Race reported between %s access and %s access (shared memory)", title(f.Severity), title(f.Other.Access), title(f.Access))
	case "barrier-divergence":
		return "Warning: Barrier error detected. Divergent thread(s) in block"
	case "uninitialized":
		return fmt.Sprintf("Uninitialized __%s__ memory read of size %d bytes", f.Space, f.Size)
	}
	return fmt.Sprintf("Invalid __%s__ %s of size %d bytes", f.Space, f.Access, f.Size)
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sanLaunch collects a sanitized launch's findings from its workers.
type sanLaunch struct {
	st *launch
	// prov is, per source of pointers (Kernel.provSrc), the allocation it
	// points into; provOf, per instruction id, the sources its pointer
	// derives from (sanitize_prov.go).
	prov   []*allocation
	provOf []uint64

	mu     sync.Mutex
	blocks map[int64][]Finding // per block, deduplicated, in order
	// pend has, per allocation, the bytes this launch's stores wrote;
	// finish adds them to the allocation's init. Until then a block sees
	// only its own stores as written: other blocks' are unordered with it.
	pend map[*allocation]*initSet
}

func (s *sanLaunch) start(st *launch) {
	s.st = st
	s.prov = provAllocs(st)
	s.provOf = make([]uint64, len(st.k.insts))
	for id, in := range st.k.insts {
		s.provOf[id] = st.k.prov[in.src]
	}
	s.pend = map[*allocation]*initSet{}
}

// pending returns the allocation's set of bytes written in this launch.
func (s *sanLaunch) pending(a *allocation) *initSet {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.pend[a]
	if p == nil {
		p = &initSet{n: a.init.n}
		s.pend[a] = p
	}
	return p
}

// finish marks what the launch wrote as written, for later launches.
func (s *sanLaunch) finish() {
	for a, p := range s.pend {
		for _, r := range p.runs(0, int(p.n)) {
			if r.set {
				a.init.mark(r.off, int(r.n))
			}
		}
	}
}

func (s *sanLaunch) addBlock(b int64, fs []Finding) {
	s.mu.Lock()
	s.blocks[b] = fs
	s.mu.Unlock()
}

// findingKey is what makes two findings the same one: kind, access and
// source line (the PTX line where .loc is missing), and a race's other
// line.
type findingKey struct {
	kind, file, access, space string
	line, other               int
}

func keyOf(f *Finding) findingKey {
	k := findingKey{kind: f.Kind, file: f.File, access: f.Access, space: f.Space, line: f.Line}
	if f.Line == 0 {
		k.line = -f.PTXLine
	}
	if o := f.Other; o != nil {
		k.other = o.Line
		if o.Line == 0 {
			k.other = -o.PTXLine
		}
	}
	return k
}

// merge is two findings of one key as one: the first met, unless the
// second is more severe (a race between warps after one inside a warp on
// the same lines), with both counts.
func merge(a, b Finding) Finding {
	n, w := a.Count+b.Count, a.warnings+b.warnings
	if a.Severity == "warning" && b.Severity == "error" {
		a = b
	}
	a.Count, a.warnings = n, w
	return a
}

// report merges the blocks' findings in block order.
func (s *sanLaunch) report() *Report {
	st := s.st
	r := &Report{Kernel: st.k.name, Grid: st.grid, Block: st.block}
	order := make([]int64, 0, len(s.blocks))
	for b := range s.blocks {
		order = append(order, b)
	}
	slices.SortFunc(order, cmp.Compare[int64])
	index := map[findingKey]int{}
	var all []Finding
	for _, b := range order {
		for _, f := range s.blocks[b] {
			r.Total += f.Count
			r.Warnings += f.warnings
			r.Errors += f.Count - f.warnings
			k := keyOf(&f)
			if i, ok := index[k]; ok {
				all[i] = merge(all[i], f)
				continue
			}
			index[k] = len(all)
			all = append(all, f)
		}
	}
	if len(all) > MaxFindings {
		r.Omitted = len(all) - MaxFindings
		all = all[:MaxFindings]
	}
	r.Findings = all
	return r
}
