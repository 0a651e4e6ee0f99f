package vgpu

import (
	"runtime"
	"syscall"
	"unsafe"
)

// Device memory of large allocations lives outside the Go heap, in
// anonymous mappings of its own: the kernel gives their pages on first
// touch, so an allocation a sampled launch writes a few blocks of holds
// only those pages; the heap's collector neither scans them nor counts them
// in its goal (a gigabyte of device memory on the heap let the heap grow by
// another gigabyte of garbage before a collection); and a free gives the
// pages back at once. Small allocations stay on the heap, where a mapping
// per allocation would cost more than it saves.

// mappedMin is the smallest allocation with a mapping of its own.
const mappedMin = 1 << 20

// backing returns n zero bytes for an allocation and whether they are a
// mapping of their own; 8-byte aligned either way, so that 4- and 8-byte
// words at aligned offsets can be accessed with sync/atomic.
func backing(n int) (data []byte, mapped bool) {
	if n >= mappedMin {
		b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err == nil {
			return b, true
		}
		// Out of mappings (vm.max_map_count) or address space: the heap.
	}
	return zeroed(n), false
}

// zeroed returns n zero bytes backed by uint64s (see backing).
func zeroed(n int) []byte {
	if n == 0 {
		return []byte{}
	}
	w := make([]uint64, (n+7)/8)
	return unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), n)
}

// unmapWhenUnreachable unmaps a's mapping once nothing refers to a: a
// launch still running on a table that held a (or a copy in flight) keeps
// it mapped, so no access ever reaches an unmapped page.
func unmapWhenUnreachable(a *allocation) {
	runtime.AddCleanup(a, func(b []byte) { _ = syscall.Munmap(b) }, a.data)
}

// release gives the pages of a freed allocation back to the system now;
// the mapping itself goes when a is unreachable (unmapWhenUnreachable),
// and reads zeros until then.
func (a *allocation) release() {
	if a.mapped {
		_ = syscall.Madvise(a.data, syscall.MADV_DONTNEED)
	}
}

// zeroRange sets a's bytes [off, off+n) to zero, giving whole pages of a
// mapping back to the system instead of writing them.
func (a *allocation) zeroRange(off uint64, n int) {
	d := a.data[off : off+uint64(n)]
	if a.mapped {
		page := uint64(syscall.Getpagesize())
		base := uint64(uintptr(unsafe.Pointer(&a.data[0])))
		start := (base + off + page - 1) &^ (page - 1)
		end := (base + off + uint64(n)) &^ (page - 1)
		if end > start {
			lo, hi := start-base-off, end-base-off
			if syscall.Madvise(d[lo:hi], syscall.MADV_DONTNEED) == nil {
				clear(d[:lo])
				clear(d[hi:])
				return
			}
		}
	}
	clear(d)
}
