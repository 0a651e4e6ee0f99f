// Package vgpu is a virtual GPU: it executes parsed PTX (package ptx) on
// the CPU, a warp of 32 lanes at a time, with device memory in a virtual
// address space of host memory. It knows nothing of cudalib, NVRTC or
// Jupyter; the cudalib backend wraps it. Its purpose is to run the labs'
// kernels correctly, and to report a kernel's errors better than a GPU
// does, on machines without one; its timings mean nothing for a GPU.
//
// # Decoding
//
// Load decodes each kernel once, with the .func it calls: registers become
// rows of a frame (one [32]uint64 per register, predicates too), an
// immediate becomes a row holding it in every lane, labels become
// instruction indices, and every instruction gets the function that
// executes it for a whole warp. Registers whose lifetimes do not overlap
// share a row (liveness over the control-flow graph, per thread), since
// NVRTC names a fresh register for nearly every value. The arithmetic
// comes from package alu; this package does moves, conversions of
// addresses, memory (cp.async copies at once), atomics, warp-level
// operations, barriers, control flow, and the device runtime's printf
// (to Launch.Printf) and assert (a fault). An instruction it
// cannot execute is an *UnsupportedError at Load, naming its source line.
//
// # Divergence
//
// A warp runs in lock-step under an active mask, with a reconvergence
// stack: at a branch where the lanes disagree, both sides are pushed and
// run one after the other, and the lanes meet again at the branch's
// immediate post-dominator, computed at decode time from the control-flow
// graph (ret and exit lead to a virtual exit node). This was chosen over
// per-lane program counters scheduled "lowest PC first" because the join
// points are known exactly, so a warp never splits more than the program
// makes it, the common uniform branch costs one comparison, and calls keep
// one register frame per warp rather than per lane. Lanes that return from
// a function leave every stack entry of the call and wait in the caller
// until all of the call's lanes have returned; lanes that exit leave for
// good. Calls (recursion included) push a register frame and a local
// memory frame; arguments and results travel through .param slots in local
// memory. Call depth is bounded (1024): deeper is a "stack overflow" fault.
//
// # Blocks and barriers
//
// A block's warps run one at a time on one goroutine, taking turns every
// 1024 instructions (so warps that wait on each other through memory make
// progress): each runs until it finishes, reaches a barrier or ends its
// turn; when no warp can go on, every warp waiting at a barrier is
// released (threads that exited count as arrived). bar.sync, barrier.sync
// and bar.red (popc, and, or) work this way for the whole block; barrier
// ids and thread counts are not told apart, and bar.arrive and
// bar.warp.sync do not wait. Blocks run on
// Config.Workers goroutines, each reusing its warps and its shared memory;
// memory ends bit-identical on any number of workers, because each block
// runs deterministically and blocks may only communicate through atomics
// (so what depends on the order of atomics between blocks — a float sum,
// the slot an atomicAdd hands out — may differ). Votes, match and redux
// compute over each lane's member mask (among the lanes executing them),
// so the tiles of a warp vote side by side; a shuffle reads only lanes
// that execute it (others: the reader's own value, a false predicate).
//
// # Memory
//
// Every allocation is a slice of host memory at its own virtual address,
// aligned to 256 bytes, with an unmapped gap after it; addresses are never
// reused, so an overrun or a use after free lands in no allocation. Every
// global access is checked against the live allocations (the warp's last
// allocation first, then a binary search); an access outside, a misaligned
// access, an access outside a block's shared memory or a thread's local
// memory, a trap and a failed assert are a *Fault naming the kernel, the
// thread, the block, the CUDA source line (from .loc), the instruction,
// the address and the nearest allocation. The fault ends the launch (the
// lowest faulting block is reported), touches nothing outside the virtual
// memory, and leaves the GPU usable. Shared, local and kernel-parameter
// memory have generic-address windows far above any global address, so
// cvta is an addition and a generic access finds its space from the
// address. Module-scope .global and .const variables get device memory
// with their initializers at Load (Module.Global finds them). Atomics use
// sync/atomic on the backing memory, so they are atomic across blocks
// running in parallel; plain loads and stores are plain.
//
// # Counters
//
// Run with an Info whose Profile is set also counts what Nsight Compute
// reports for the launch — instructions, global requests and 32-byte
// sectors, shared-memory wavefronts and bank conflicts, local memory,
// atomics, barriers, branches — per PTX instruction, folded into source
// lines (.loc) and a total; COUNTERS.md gives each definition and what differs from a GPU
// (which runs SASS, not PTX). Counting happens before an access executes,
// from the lanes' addresses, with no allocation; the profile is the same
// on any number of workers.
//
// # Sanitizer
//
// Run with an Info whose Report is set runs a launch as compute-sanitizer's
// memcheck, racecheck, synccheck and initcheck watch one on a GPU, and goes on past every
// finding: an out-of-bounds or misaligned access (global, shared, local)
// does not happen (a load reads 0, a store is dropped), and a global one
// must also stay inside the allocation its pointer derives from (a
// kernel parameter or module variable, followed through the PTX's address
// arithmetic); two threads of a block touching a shared byte, one writing
// a new value, with no barrier (or, within a warp, no bar.warp.sync)
// between, race — an error between warps, a warning within one; a barrier
// released while threads of the block had not reached it is a warning; a
// read of shared memory no thread of the block wrote, or of global bytes
// nothing wrote since their allocation (host copies and fills write the
// bytes they write, device copies carry the source's state, module
// initializers and every launch's stores write; stores of other blocks of
// the same sanitized launch do not count), is uninitialised. The Report
// keeps each (kind, source line) once with a count, the most severe of
// them, at most MaxFindings, in block order: the same on any number of
// workers (sanitize.go says exactly what each kind means). Off, it costs a
// test of one byte of the instruction per executed instruction, and while
// some allocation is partly written, marking what stores write; on, every
// memory instruction is checked lane by lane against shadow state: per
// shared byte its last writer and two readers, per global byte a written
// bit (sanitize_shadow.go keeps them compact).
//
// # What is not modeled
//
// Timing, caches, occupancy and the memory model's weak orderings
// (coalescing and bank conflicts are counted, not timed: Info.Profile and
// COUNTERS.md): a warp's instructions take effect in order and
// fences are no-ops. Textures, surfaces, tensor-core (mma/wgmma) and
// other instructions package alu lacks; indirect calls; device malloc;
// clusters; cooperative grid sync. Independent thread scheduling only as
// far as spin locks need it: a loop around an atomic exchange or
// compare-and-swap that has turned 64 times lets the lanes of its warp
// that wait after it run first (a lane that left the loop holding the lock
// releases it); other loops that wait on lanes of their own warp end by
// the budget, as they hung before Volta. %clock counts the warp's
// instructions.
// Uninitialised registers read zero. Races between blocks on plain memory
// are not detected (a real GPU does not either).
package vgpu
