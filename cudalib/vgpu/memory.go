package vgpu

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// DefaultMemoryLimit is the device memory of a GPU whose Config leaves
// MemoryLimit 0, unless half the machine's RAM is less.
const DefaultMemoryLimit = 4 << 30

// The virtual address space. Global allocations are handed out upward from
// heapBase and never reused, with an unmapped gap after each, so that an
// overrun or a use after free faults instead of reaching a neighbour. The
// generic windows of shared, local and kernel-parameter memory sit far
// above any global address; the offset inside a window is the address in
// that state space, so cvta is an addition.
const (
	heapBase     = 0x7f_0000_0000
	allocAlign   = 256
	allocGap     = 64 << 10
	sharedWindow = 1 << 48
	localWindow  = 1<<48 + 1<<40
	paramWindow  = 1<<48 + 2<<40
	windowSize   = 1 << 32
	heapEnd      = sharedWindow
)

// allocation is one live range of device memory.
type allocation struct {
	addr uint64
	data []byte // len is the allocation's size; 8-byte aligned for sync/atomic
	// mapped says data is a mapping of its own, outside the heap (backing.go).
	mapped bool
	name   string // "" for Alloc; the variable for a module's .global/.const
	// init is which bytes something wrote (sanitize_shadow.go).
	init initSet
}

func (a *allocation) end() uint64 { return a.addr + uint64(len(a.data)) }

// freedRange is where a freed allocation was (its memory is not kept).
type freedRange struct{ addr, size uint64 }

// memTable is an immutable snapshot of the live allocations sorted by
// address: Alloc and Free publish a new one, so a running kernel reads its
// snapshot without locks.
type memTable struct {
	allocs []*allocation
	freed  []freedRange // recently freed, for fault messages
}

// find returns the allocation holding [addr, addr+size), or nil.
func (t *memTable) find(addr uint64, size int) *allocation {
	as := t.allocs
	i := sort.Search(len(as), func(i int) bool { return as[i].addr > addr }) - 1
	if i < 0 {
		return nil
	}
	a := as[i]
	if addr-a.addr+uint64(size) > uint64(len(a.data)) || addr+uint64(size) < addr {
		return nil
	}
	return a
}

// nearest describes where [addr, addr+size) lies relative to the closest
// allocation, for fault messages.
func (t *memTable) nearest(addr uint64, size int) string {
	if addr < 1<<16 {
		return "a null pointer"
	}
	for i := len(t.freed) - 1; i >= 0; i-- {
		f := t.freed[i]
		if addr >= f.addr && addr-f.addr < f.size {
			return fmt.Sprintf("inside the freed %d-byte allocation at 0x%x", f.size, f.addr)
		}
	}
	as := t.allocs
	i := sort.Search(len(as), func(i int) bool { return as[i].addr > addr })
	var desc string
	best := ^uint64(0)
	if i > 0 {
		p := as[i-1]
		if addr < p.end() {
			return fmt.Sprintf("runs %d bytes past the end of the %s at 0x%x", addr+uint64(size)-p.end(), p.describe(), p.addr)
		}
		// Count the bytes of the access beyond the end: writing a[n] of
		// an n-element array is "4 bytes past the end".
		best = addr + uint64(size) - p.end()
		desc = fmt.Sprintf("%d bytes past the end of the %s at 0x%x", best, p.describe(), p.addr)
	}
	if i < len(as) {
		n := as[i]
		if d := n.addr - addr; d < best {
			desc = fmt.Sprintf("%d bytes before the %s at 0x%x", d, n.describe(), n.addr)
		}
	}
	if desc == "" {
		return "no device memory is allocated"
	}
	return desc
}

func (a *allocation) describe() string {
	if strings.HasPrefix(a.name, "$str") { // NVRTC's name of a string literal: printf's format
		return fmt.Sprintf("%d-byte string literal", len(a.data))
	}
	if a.name != "" {
		return fmt.Sprintf("%d-byte variable %s", len(a.data), a.name)
	}
	return fmt.Sprintf("%d-byte allocation", len(a.data))
}

// GPU is a virtual GPU: device memory and the blocks' executor. It is safe
// for concurrent use.
type GPU struct {
	workers int
	limit   uint64

	mu    sync.Mutex // serialises Alloc and Free
	next  uint64     // next free virtual address
	used  uint64
	table atomic.Pointer[memTable]
}

// Config configures a GPU.
type Config struct {
	MemoryLimit uint64 // bytes of device memory; 0: DefaultMemoryLimit (or half the RAM if less)
	Workers     int    // goroutines running blocks; 0: runtime.GOMAXPROCS(0)
}

// New returns a virtual GPU with no memory allocated.
func New(cfg Config) *GPU {
	g := &GPU{workers: cfg.Workers, limit: cfg.MemoryLimit, next: heapBase}
	if g.workers <= 0 {
		g.workers = runtime.GOMAXPROCS(0)
	}
	if g.limit == 0 {
		g.limit = DefaultMemoryLimit
		if ram := totalRAM(); ram > 0 && ram/2 < g.limit {
			g.limit = ram / 2
		}
	}
	g.table.Store(&memTable{})
	return g
}

// totalRAM reads MemTotal from /proc/meminfo; 0 when it cannot.
func totalRAM() uint64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseUint(f[1], 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// Alloc reserves bytes of zeroed device memory and returns its address.
func (g *GPU) Alloc(bytes int) (uint64, error) {
	return g.alloc(bytes, "")
}

// Map makes host memory device memory, as CUDA's mapped host memory
// (cudaHostRegister with cudaHostRegisterMapped): the allocation's bytes
// are data's, so the host sees what kernels write and kernels what the
// host writes, with no copy. data must stay untouched by other goroutines
// while kernels run, and be 8-byte aligned (a []float64, []int32 … is).
// It counts against the memory limit as an allocation does.
func (g *GPU) Map(data []byte) (uint64, error) {
	if len(data) > 0 && uintptr(unsafe.Pointer(&data[0]))%8 != 0 {
		return 0, errorf(Invalid, "map host memory: its address is not 8-byte aligned")
	}
	return g.place(len(data), "", func(a *allocation) {
		a.data = data
		a.init.full.Store(true) // the host's data: all of it written
	})
}

func (g *GPU) alloc(bytes int, name string) (uint64, error) {
	return g.place(bytes, name, func(a *allocation) {
		if a.data, a.mapped = backing(bytes); a.mapped {
			unmapWhenUnreachable(a)
		}
		// A module's variable holds its initializer (or zeros, as C's
		// static storage); an empty allocation has nothing unwritten,
		// which keeps plain launches from tracking stores for it.
		a.init.full.Store(name != "" || bytes == 0)
	})
}

// place reserves an address range of bytes for an allocation whose memory
// back sets, and publishes it.
func (g *GPU) place(bytes int, name string, back func(*allocation)) (uint64, error) {
	if bytes < 0 {
		return 0, errorf(Invalid, "cannot allocate %d bytes", bytes)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.used+uint64(bytes) > g.limit || uint64(bytes) > g.limit {
		return 0, errorf(OutOfMemory, "%d bytes requested, %d of %d bytes in use", bytes, g.used, g.limit)
	}
	addr := g.next
	next := (addr + uint64(bytes) + allocGap + allocAlign - 1) &^ (allocAlign - 1)
	if next >= heapEnd {
		return 0, errorf(OutOfMemory, "virtual address space exhausted")
	}
	a := &allocation{addr: addr, name: name}
	a.init.n = uint64(bytes)
	back(a)
	g.next = next
	g.used += uint64(bytes)
	old := g.table.Load()
	t := &memTable{allocs: append(append(make([]*allocation, 0, len(old.allocs)+1), old.allocs...), a), freed: old.freed}
	g.table.Store(t)
	return addr, nil
}

// Free releases the allocation at addr.
func (g *GPU) Free(addr uint64) error {
	return g.free(addr, false)
}

// free releases an allocation; a module's variable only when vars is set.
func (g *GPU) free(addr uint64, vars bool) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	old := g.table.Load()
	i := sort.Search(len(old.allocs), func(i int) bool { return old.allocs[i].addr >= addr })
	if i == len(old.allocs) || old.allocs[i].addr != addr || (old.allocs[i].name != "") != vars {
		return errorf(Invalid, "0x%x is not the start of a live allocation (%s)", addr, old.nearest(addr, 1))
	}
	a := old.allocs[i]
	t := &memTable{allocs: make([]*allocation, 0, len(old.allocs)-1)}
	t.allocs = append(append(t.allocs, old.allocs[:i]...), old.allocs[i+1:]...)
	// Keep a few freed ranges (their addresses are never reused) so a use
	// after free is named as such.
	const keepFreed = 32
	t.freed = append(t.freed, old.freed[max(0, len(old.freed)-keepFreed+1):]...)
	t.freed = append(t.freed, freedRange{a.addr, uint64(len(a.data))})
	g.used -= uint64(len(a.data))
	g.table.Store(t)
	a.release()
	return nil
}

// MemInfo returns the bytes allocated and the memory limit.
func (g *GPU) MemInfo() (used, limit uint64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.used, g.limit
}

// span returns the n bytes of device memory at addr, or an *Error.
func (g *GPU) span(addr uint64, n int, what string) ([]byte, error) {
	if n < 0 {
		return nil, errorf(Invalid, "%s: negative size %d", what, n)
	}
	t := g.table.Load()
	a := t.find(addr, n)
	if a == nil {
		return nil, errorf(Invalid, "%s: %d bytes at 0x%x are not inside one allocation (%s)", what, n, addr, t.nearest(addr, n))
	}
	off := addr - a.addr
	return a.data[off : off+uint64(n)], nil
}

// CopyIn copies host bytes to device memory at dst.
func (g *GPU) CopyIn(dst uint64, src []byte) error {
	d, err := g.span(dst, len(src), "copy to device")
	if err != nil {
		return err
	}
	copy(d, src)
	g.markInit(dst, len(src)) // exactly the bytes written
	return nil
}

// CopyOut copies device memory at src to host bytes.
func (g *GPU) CopyOut(dst []byte, src uint64) error {
	s, err := g.span(src, len(dst), "copy from device")
	if err != nil {
		return err
	}
	copy(dst, s)
	return nil
}

// Copy copies n bytes within device memory (the ranges may overlap).
func (g *GPU) Copy(dst, src uint64, n int) error {
	s, err := g.span(src, n, "copy source")
	if err != nil {
		return err
	}
	d, err := g.span(dst, n, "copy destination")
	if err != nil {
		return err
	}
	copy(d, s)
	g.copyInit(dst, src, n) // the destination is written where the source was
	return nil
}

// Fill writes count copies of the low size bytes of pattern (little-endian)
// at dst; size is 1, 2, 4 or 8.
func (g *GPU) Fill(dst uint64, pattern uint64, size, count int) error {
	if size != 1 && size != 2 && size != 4 && size != 8 {
		return errorf(Invalid, "fill: element size %d is not 1, 2, 4 or 8", size)
	}
	if count < 0 {
		return errorf(Invalid, "fill: negative count %d", count)
	}
	d, err := g.span(dst, size*count, "fill")
	if err != nil {
		return err
	}
	var p [8]byte
	for i := range p {
		p[i] = byte(pattern >> (8 * (i % size)))
	}
	// The pattern repeats every 8 bytes: write it once, then double what
	// is written (memmove's speed: a lab poisons gigabytes).
	done := copy(d, p[:])
	for done < len(d) {
		done += copy(d[done:], d[:done])
	}
	g.markInit(dst, len(d))
	return nil
}
