// Package spawn starts culab's child processes (the GPU worker, the
// engine process) through the C library's posix_spawn, looked up the way a
// C program's call is bound, so that a library preloaded into culab sees
// the child start. NVIDIA's tools follow a program's children that way:
// Nsight Compute's and compute-sanitizer's interceptors define fork,
// execve and posix_spawn (docs/results/2026-11-25c-h100-micro/tools.log),
// and a child they see is profiled or checked too. os/exec starts children
// with raw system calls, which no preloaded library sees, so a GPU worker
// started by it was invisible to ncu.
//
// culab's binary has the C library loaded because purego links it (the
// driver and NVRTC are loaded through it); where posix_spawn cannot be
// found, Start falls back to os.StartProcess.
package spawn

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"syscall"
	"unsafe"

	"github.com/ebitengine/purego"
)

// libc holds the C library's functions Start calls; ok is false where they
// could not be found.
var libc struct {
	once                                       sync.Once
	ok                                         bool
	spawn, faInit, faDup2, faDestroy           uintptr
	attrInit, attrFlags, attrMask, attrDestroy uintptr
	emptySet                                   uintptr
}

// posixSpawnSetSigmask is glibc's POSIX_SPAWN_SETSIGMASK.
const posixSpawnSetSigmask = 0x08

func load() {
	syms := []struct {
		p    *uintptr
		name string
	}{
		{&libc.spawn, "posix_spawn"},
		{&libc.faInit, "posix_spawn_file_actions_init"},
		{&libc.faDup2, "posix_spawn_file_actions_adddup2"},
		{&libc.faDestroy, "posix_spawn_file_actions_destroy"},
		{&libc.attrInit, "posix_spawnattr_init"},
		{&libc.attrFlags, "posix_spawnattr_setflags"},
		{&libc.attrMask, "posix_spawnattr_setsigmask"},
		{&libc.attrDestroy, "posix_spawnattr_destroy"},
		{&libc.emptySet, "sigemptyset"},
	}
	for _, s := range syms {
		// RTLD_DEFAULT: the first definition in load order, a preloaded
		// interceptor's before the C library's own.
		p, err := purego.Dlsym(purego.RTLD_DEFAULT, s.name)
		if err != nil || p == 0 {
			return
		}
		*s.p = p
	}
	libc.ok = true
}

// Start starts the program at path with args (args[0] included) and env;
// files[i] becomes descriptor i in the child, and every other descriptor
// of culab's is closed there (Go opens them close-on-exec). The child
// starts with no signal blocked, as os/exec's do.
func Start(path string, args, env []string, files []*os.File) (*os.Process, error) {
	libc.once.Do(load)
	if !libc.ok {
		return os.StartProcess(path, args, &os.ProcAttr{Env: env, Files: files})
	}
	for i, f := range files {
		if f == nil {
			return nil, fmt.Errorf("spawn %s: descriptor %d: no file", path, i)
		}
	}
	// Duplicates above every target descriptor: posix_spawn's dup2 of a
	// descriptor onto itself would leave it close-on-exec.
	dups := make([]int, len(files))
	defer func() {
		for _, fd := range dups {
			if fd > 0 {
				syscall.Close(fd)
			}
		}
	}()
	for i, f := range files {
		fd, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_DUPFD_CLOEXEC, uintptr(len(files)))
		if errno != 0 {
			return nil, fmt.Errorf("spawn %s: duplicate descriptor %d: %w", path, i, errno)
		}
		dups[i] = int(fd)
	}
	argv, argBuf := cStrings(args)
	envp, envBuf := cStrings(env)
	pathC := append([]byte(path), 0)

	// glibc's posix_spawn_file_actions_t is 80 bytes, posix_spawnattr_t
	// 336, sigset_t 128: these are larger.
	var fa, attr [64]uint64
	var mask [32]uint64
	fap, attrp := uintptr(unsafe.Pointer(&fa)), uintptr(unsafe.Pointer(&attr))
	if r, _, _ := purego.SyscallN(libc.faInit, fap); r != 0 {
		return nil, fmt.Errorf("spawn %s: posix_spawn_file_actions_init: %w", path, syscall.Errno(r))
	}
	defer purego.SyscallN(libc.faDestroy, fap)
	if r, _, _ := purego.SyscallN(libc.attrInit, attrp); r != 0 {
		return nil, fmt.Errorf("spawn %s: posix_spawnattr_init: %w", path, syscall.Errno(r))
	}
	defer purego.SyscallN(libc.attrDestroy, attrp)
	purego.SyscallN(libc.emptySet, uintptr(unsafe.Pointer(&mask)))
	for _, r := range []uintptr{
		call(libc.attrMask, attrp, uintptr(unsafe.Pointer(&mask))),
		call(libc.attrFlags, attrp, posixSpawnSetSigmask),
	} {
		if r != 0 {
			return nil, fmt.Errorf("spawn %s: posix_spawnattr: %w", path, syscall.Errno(r))
		}
	}
	for i, fd := range dups {
		if r := call(libc.faDup2, fap, uintptr(fd), uintptr(i)); r != 0 {
			return nil, fmt.Errorf("spawn %s: descriptor %d: %w", path, i, syscall.Errno(r))
		}
	}
	var pid int32
	r := call(libc.spawn, uintptr(unsafe.Pointer(&pid)), uintptr(unsafe.Pointer(&pathC[0])), fap, attrp,
		uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&envp[0])))
	runtime.KeepAlive(argBuf)
	runtime.KeepAlive(envBuf)
	runtime.KeepAlive(pathC)
	runtime.KeepAlive(files)
	if r != 0 {
		return nil, &os.PathError{Op: "posix_spawn", Path: path, Err: syscall.Errno(r)}
	}
	return os.FindProcess(int(pid))
}

func call(fn uintptr, args ...uintptr) uintptr {
	r, _, _ := purego.SyscallN(fn, args...)
	return r
}

// cStrings lays ss out as NUL-terminated strings in one buffer and returns
// the addresses of each, then 0, as C's argv and envp want. Go's heap does
// not move, so the addresses hold while the buffer is kept alive.
func cStrings(ss []string) ([]uintptr, []byte) {
	n := 0
	for _, s := range ss {
		n += len(s) + 1
	}
	buf := make([]byte, 0, n)
	offs := make([]int, len(ss))
	for i, s := range ss {
		offs[i] = len(buf)
		buf = append(buf, s...)
		buf = append(buf, 0)
	}
	ptrs := make([]uintptr, len(ss)+1)
	for i, o := range offs {
		ptrs[i] = uintptr(unsafe.Pointer(&buf[o]))
	}
	return ptrs, buf
}
