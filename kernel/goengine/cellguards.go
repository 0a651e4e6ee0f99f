package goengine

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/bits"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	"github.com/culab/culab/internal/memlimit"
	"github.com/traefik/yaegi/interp"
	stdsyscall "github.com/traefik/yaegi/stdlib/syscall"
)

// nativeGuards replace compiled functions that a cell could use to end
// the engine's process, and the notebook's variables with it:
//
//   - those that allocate, at once, a size that the cell chooses: past what
//     the machine can give, Go's runtime ends the process ("fatal error:
//     runtime: out of memory", which no recover catches). They are refused
//     as make is (memguard.go), and past the machine's memory with the
//     guard off too, and so are the results whose size a count chooses
//     (strconv.FormatFloat's precision, big.Int.MulRange's range);
//   - those that read until EOF (os.ReadFile, io.ReadAll, io.Copy), which
//     stop with the cell (readers.go);
//   - closing, replacing, reading or writing a file descriptor that the
//     process had when the engine started (its pipes to the kernel: the
//     engine was killed, or the kernel hung on bytes that were no message),
//     except writing to those that print;
//   - opening one of those pipes by a path (/proc/self/fd/3, a link to it);
//   - signals to the engine's or the kernel's process (os.FindProcess,
//     syscall.Tgkill; syscall.Kill is not in the interpreter's table);
//   - calls that hold an OS thread past a bound (threads.go);
//   - runtime.Breakpoint (a SIGTRAP that ends the process), a panic in a
//     finalizer (the runtime's finalizer goroutine), and process-wide
//     limits (syscall.Setrlimit, syscall.Chroot).
func (e *Engine) nativeGuards(s *session) interp.Exports {
	g := &e.guard
	own := engineFDs()
	// Of the engine's descriptors, a cell may write to those that print
	// (the capture's pipes, the original stdout and stderr), not to its
	// pipes to the kernel (bytes that are no message broke the protocol),
	// and may read from none (it took the kernel's requests).
	printing := map[int]bool{}
	for _, s := range e.cap.streams {
		printing[int(s.w.Fd())] = true
	}
	for _, f := range e.cap.saved {
		if f != nil {
			printing[int(f.Fd())] = true
		}
	}
	pipes, prints := pipesOf(own, printing)
	writable := func(what string, fd int) error {
		if own[fd] && !printing[fd] && !prints.hold(fd) {
			return engineFD(what, fd)
		}
		return nil
	}
	readable := func(what string, fd int) error {
		if own[fd] {
			return engineFD(what, fd)
		}
		return nil
	}
	return interp.Exports{
		"bufio/bufio": {
			"NewReaderSize": reflect.ValueOf(func(rd io.Reader, size int) *bufio.Reader {
				g.native("bufio.NewReaderSize", int64(size))
				return bufio.NewReaderSize(rd, size)
			}),
			"NewWriterSize": reflect.ValueOf(func(w io.Writer, size int) *bufio.Writer {
				g.native("bufio.NewWriterSize", int64(size))
				return bufio.NewWriterSize(w, size)
			}),
		},
		"io/io": e.readerGuards(s),
		"reflect/reflect": {
			"DeepEqual": reflect.ValueOf(deepEqual),
			"MakeSlice": reflect.ValueOf(func(typ reflect.Type, n, c int) reflect.Value {
				if typ != nil && typ.Kind() == reflect.Slice && c >= 0 {
					g.native("reflect.MakeSlice", elemBytes(typ.Elem(), c))
				}
				return reflect.MakeSlice(typ, n, c)
			}),
			"MakeChan": reflect.ValueOf(func(typ reflect.Type, buffer int) reflect.Value {
				if typ != nil && typ.Kind() == reflect.Chan && buffer >= 0 {
					g.native("reflect.MakeChan", elemBytes(typ.Elem(), buffer))
				}
				return reflect.MakeChan(typ, buffer)
			}),
		},
		"strconv/strconv": {
			"FormatFloat": reflect.ValueOf(func(f float64, format byte, prec, bitSize int) string {
				g.digits("strconv.FormatFloat", int64(prec))
				return strconv.FormatFloat(f, format, prec, bitSize)
			}),
			"AppendFloat": reflect.ValueOf(func(dst []byte, f float64, format byte, prec, bitSize int) []byte {
				g.digits("strconv.AppendFloat", int64(prec))
				return strconv.AppendFloat(dst, f, format, prec, bitSize)
			}),
		},
		"runtime/runtime": {
			"Breakpoint": reflect.ValueOf(func() {
				panic(errors.New("runtime.Breakpoint is not available in a cell: with no debugger attached, its trap ends the kernel's process"))
			}),
			"SetFinalizer": reflect.ValueOf(func(obj, finalizer any) {
				runtime.SetFinalizer(obj, e.guardedFinalizer(finalizer))
			}),
			"LockOSThread": reflect.ValueOf(func() {
				e.holdThread("runtime.LockOSThread")
				runtime.LockOSThread()
			}),
		},
		"runtime/debug/debug": {
			"WriteHeapDump": reflect.ValueOf(func(fd uintptr) {
				if err := writable("debug.WriteHeapDump", int(fd)); err != nil {
					panic(err)
				}
				debug.WriteHeapDump(fd)
			}),
		},
		"os/os": {
			// A path to one of the engine's pipes (/proc/self/fd/3, or a
			// link to it) is a descriptor of the engine's by another name:
			// reading it took the kernel's requests, and the kernel hung.
			"Open": reflect.ValueOf(func(name string) (*os.File, error) {
				if err := pipes.refuse("open", name); err != nil {
					return nil, err
				}
				return os.Open(name)
			}),
			"OpenFile": reflect.ValueOf(func(name string, flag int, perm os.FileMode) (*os.File, error) {
				if err := pipes.refuse("open", name); err != nil {
					return nil, err
				}
				return os.OpenFile(name, flag, perm)
			}),
			"Create": reflect.ValueOf(func(name string) (*os.File, error) {
				if err := pipes.refuse("open", name); err != nil {
					return nil, err
				}
				return os.Create(name)
			}),
			"ReadFile": reflect.ValueOf(func(name string) ([]byte, error) {
				if err := pipes.refuse("open", name); err != nil {
					return nil, err
				}
				return e.readFile(s, name)
			}),
			"WriteFile": reflect.ValueOf(func(name string, data []byte, perm os.FileMode) error {
				if err := pipes.refuse("open", name); err != nil {
					return err
				}
				return os.WriteFile(name, data, perm)
			}),
			"FindProcess": reflect.ValueOf(findProcess),
			"NewFile": reflect.ValueOf(func(fd uintptr, name string) *os.File {
				if own[int(fd)] {
					// Its finalizer would close the descriptor too.
					panic(engineFD("os.NewFile", int(fd)))
				}
				return os.NewFile(fd, name)
			}),
		},
		"syscall/syscall": e.threadGated("syscall", withDefaults(stdsyscall.Symbols["syscall/syscall"], map[string]reflect.Value{
			"Close": reflect.ValueOf(func(fd int) error {
				if own[fd] {
					return engineFD("syscall.Close", fd)
				}
				return syscall.Close(fd)
			}),
			"Dup2": reflect.ValueOf(func(oldfd, newfd int) error {
				if own[newfd] {
					return engineFD("syscall.Dup2", newfd)
				}
				return syscall.Dup2(oldfd, newfd)
			}),
			"Dup3": reflect.ValueOf(func(oldfd, newfd, flags int) error {
				if own[newfd] {
					return engineFD("syscall.Dup3", newfd)
				}
				return syscall.Dup3(oldfd, newfd, flags)
			}),
			"Read": reflect.ValueOf(func(fd int, p []byte) (int, error) {
				if err := readable("syscall.Read", fd); err != nil {
					return 0, err
				}
				return syscall.Read(fd, p)
			}),
			"Pread": reflect.ValueOf(func(fd int, p []byte, offset int64) (int, error) {
				if err := readable("syscall.Pread", fd); err != nil {
					return 0, err
				}
				return syscall.Pread(fd, p, offset)
			}),
			"Write": reflect.ValueOf(func(fd int, p []byte) (int, error) {
				if err := writable("syscall.Write", fd); err != nil {
					return 0, err
				}
				return syscall.Write(fd, p)
			}),
			"Pwrite": reflect.ValueOf(func(fd int, p []byte, offset int64) (int, error) {
				if err := writable("syscall.Pwrite", fd); err != nil {
					return 0, err
				}
				return syscall.Pwrite(fd, p, offset)
			}),
			"Sendfile": reflect.ValueOf(func(outfd, infd int, offset *int64, count int) (int, error) {
				if err := errors.Join(writable("syscall.Sendfile", outfd), readable("syscall.Sendfile", infd)); err != nil {
					return 0, err
				}
				return syscall.Sendfile(outfd, infd, offset, count)
			}),
			"Splice": reflect.ValueOf(func(rfd int, roff *int64, wfd int, woff *int64, n int, flags int) (int64, error) {
				if err := errors.Join(readable("syscall.Splice", rfd), writable("syscall.Splice", wfd)); err != nil {
					return 0, err
				}
				return syscall.Splice(rfd, roff, wfd, woff, n, flags)
			}),
			"Tee": reflect.ValueOf(func(rfd, wfd int, n int, flags int) (int64, error) {
				if err := errors.Join(readable("syscall.Tee", rfd), writable("syscall.Tee", wfd)); err != nil {
					return 0, err
				}
				return syscall.Tee(rfd, wfd, n, flags)
			}),
			"Tgkill": reflect.ValueOf(func(tgid, tid int, sig syscall.Signal) error {
				if err := kernelProcess("syscall.Tgkill", tgid); err != nil {
					return err
				}
				return syscall.Tgkill(tgid, tid, sig)
			}),
			"Setrlimit": reflect.ValueOf(func(int, *syscall.Rlimit) error { return processWide("syscall.Setrlimit") }),
			"Chroot":    reflect.ValueOf(func(string) error { return processWide("syscall.Chroot") }),
		})),
	}
}

// withDefaults is table with what defaults has besides.
func withDefaults(defaults, table map[string]reflect.Value) map[string]reflect.Value {
	for name, v := range defaults {
		if _, ok := table[name]; !ok {
			table[name] = v
		}
	}
	return table
}

// engineFDs are the file descriptors above stderr open now, as the engine
// starts: its pipes to the kernel, the capture's, the runtime's poller.
func engineFDs() map[int]bool {
	own := map[int]bool{}
	dir, err := os.Open("/proc/self/fd")
	if err != nil {
		return own
	}
	defer dir.Close()
	names, _ := dir.Readdirnames(-1)
	for _, name := range names {
		if fd, err := strconv.Atoi(name); err == nil && fd > 2 && fd != int(dir.Fd()) {
			own[fd] = true
		}
	}
	return own
}

// enginePipes are the device and inode of the engine's pipes and sockets
// (not those that print): the same pipe by another name, a path under
// /proc/self/fd, is refused too.
type enginePipes map[[2]uint64]bool

// pipesOf are the engine's pipes that do not print, and those that do.
func pipesOf(own, printing map[int]bool) (enginePipes, enginePipes) {
	p, prints := enginePipes{}, enginePipes{}
	for fd := range printing {
		var st syscall.Stat_t
		if syscall.Fstat(fd, &st) == nil {
			prints[[2]uint64{st.Dev, st.Ino}] = true
		}
	}
	for fd := range own {
		var st syscall.Stat_t
		if printing[fd] || syscall.Fstat(fd, &st) != nil {
			continue
		}
		// Another descriptor of a pipe that prints (the one the kernel
		// gave, the capture's duplicate of it) prints too.
		if k := [2]uint64{st.Dev, st.Ino}; !prints[k] {
			if t := st.Mode & syscall.S_IFMT; t == syscall.S_IFIFO || t == syscall.S_IFSOCK {
				p[k] = true
			}
		}
	}
	return p, prints
}

// hold reports whether descriptor fd is one of p's pipes.
func (p enginePipes) hold(fd int) bool {
	var st syscall.Stat_t
	return syscall.Fstat(fd, &st) == nil && p[[2]uint64{st.Dev, st.Ino}]
}

// refuse is the error of op on path name when it names an engine's pipe.
func (p enginePipes) refuse(op, name string) error {
	var st syscall.Stat_t
	if len(p) == 0 || syscall.Stat(name, &st) != nil {
		return nil
	}
	if p[[2]uint64{st.Dev, st.Ino}] {
		return &os.PathError{Op: op, Path: name, Err: errors.New("a pipe of the engine's (opened before any cell: to the kernel) by another name, not the cell's; using it would break or end the engine")}
	}
	return nil
}

// engineFD is the refusal of what would close, replace, read or write the
// engine's descriptor fd.
func engineFD(what string, fd int) error {
	return fmt.Errorf("%s: file descriptor %d is the engine's (opened before any cell: its pipes to the kernel), not the cell's; using it would break or end the engine", what, fd)
}

// kernelProcess refuses pid when it is the engine's process, the kernel's
// (its parent) or a process group (0 or negative: the kernel's own, or
// every process the user may signal).
func kernelProcess(what string, pid int) error {
	switch {
	case pid <= 0:
		return fmt.Errorf("%s(%d): a cell may not signal a process group (0 or a negative pid)", what, pid)
	case pid == os.Getpid(), pid == os.Getppid():
		return fmt.Errorf("%s(%d): a cell may not signal the kernel's own processes (the engine %d, the kernel %d): to end a cell, interrupt it", what, pid, os.Getpid(), os.Getppid())
	}
	return nil
}

// findProcess is the cells' os.FindProcess: no handle on the engine's or
// the kernel's process, whose Kill would end the notebook.
func findProcess(pid int) (*os.Process, error) {
	if err := kernelProcess("os.FindProcess", pid); err != nil {
		return nil, err
	}
	return os.FindProcess(pid)
}

// guardedFinalizer is a cell's finalizer that reports a panic as a
// callback's (goroutines.go): the runtime's finalizer goroutine ended the
// process.
func (e *Engine) guardedFinalizer(finalizer any) any {
	fv := reflect.ValueOf(finalizer)
	if finalizer == nil || fv.Kind() != reflect.Func {
		return finalizer // runtime.SetFinalizer's own checks and panics
	}
	ft := fv.Type()
	return reflect.MakeFunc(ft, func(args []reflect.Value) (out []reflect.Value) {
		debug.SetPanicOnFault(true) // the runtime's finalizer goroutine: a fault is a panic
		defer func() {
			if r := recover(); r != nil {
				e.callbackPanic("a finalizer", r)
				out = make([]reflect.Value, ft.NumOut())
				for i := range out {
					out[i] = reflect.Zero(ft.Out(i))
				}
			}
		}()
		return fv.Call(args)
	}).Interface()
}

// elemBytes is n elements of t in bytes, saturated at MaxInt64.
func elemBytes(t reflect.Type, n int) int64 {
	size := int64(t.Size())
	if size == 0 || n == 0 {
		return 0
	}
	if int64(n) > (1<<63-1)/size {
		return 1<<63 - 1
	}
	return size * int64(n)
}

// native checks an allocation of bytes by compiled code: a MemoryError
// panic past the cap for a running cell, or past the machine's memory
// (what the interpreter's make answers with "len out of range").
func (g *memGuard) native(what string, bytes int64) {
	if err := g.allow(what, bytes); err != nil {
		panic(err)
	}
	if phys := memlimit.Physical(); phys > 0 && bytes > phys {
		panic(fmt.Errorf("%s of %s: more than this machine's memory (%s)", what, memlimit.Format(bytes), memlimit.Format(phys)))
	}
}

// Methods of compiled types that allocate a size that the cell chooses,
// checked as native does (yaegi patch 121): b.Grow(1<<40) of a
// bytes.Buffer ended the engine.
var (
	bufferType   = reflect.TypeFor[bytes.Buffer]()
	builderType  = reflect.TypeFor[strings.Builder]()
	bigIntType   = reflect.TypeFor[big.Int]()
	bigFloatType = reflect.TypeFor[big.Float]()
	bigRatType   = reflect.TypeFor[big.Rat]()
)

// method is the interpreter's MethodGuard: the check of a call of method
// name of a value of type recv, nil for most.
func (g *memGuard) method(recv reflect.Type, name string) func(args []reflect.Value) {
	if recv.Kind() == reflect.Pointer {
		recv = recv.Elem()
	}
	switch {
	case (recv == bufferType || recv == builderType) && name == "Grow":
		what := recv.String() + ".Grow"
		return func(args []reflect.Value) {
			if n := args[0].Int(); n > 0 {
				g.native(what, n)
			}
		}
	case recv == bigIntType && name == "Lsh": // z.Lsh(x, n): x's bits and n more
		return func(args []reflect.Value) {
			x, _ := args[0].Interface().(*big.Int)
			g.native("big.Int.Lsh", bitBytes(x, args[1].Uint()))
		}
	case recv == bigIntType && name == "SetBit": // z.SetBit(x, i, b): i bits
		return func(args []reflect.Value) {
			if i := args[1].Int(); i > 0 {
				g.native("big.Int.SetBit", bitBytes(nil, uint64(i)))
			}
		}
	case recv == bigIntType && name == "Exp": // z.Exp(x, y, m) without a modulus: x's bits times y
		return func(args []reflect.Value) {
			x, _ := args[0].Interface().(*big.Int)
			y, _ := args[1].Interface().(*big.Int)
			m, _ := args[2].Interface().(*big.Int)
			if x == nil || y == nil || m != nil && m.Sign() != 0 || y.Sign() <= 0 || x.BitLen() <= 1 {
				return
			}
			if !y.IsUint64() || y.Uint64() > 1<<62/uint64(x.BitLen()) {
				g.native("big.Int.Exp", 1<<63-1)
			}
			g.native("big.Int.Exp", bitBytes(nil, uint64(x.BitLen())*y.Uint64()))
		}
	case recv == bigIntType && name == "MulRange": // z.MulRange(a, b): b-a+1 factors of up to b's bits
		return func(args []reflect.Value) {
			a, b := args[0].Int(), args[1].Int()
			if a > b || a <= 0 && b >= 0 {
				return // 1 or 0
			}
			g.native("big.Int.MulRange", factorBytes(uint64(b)-uint64(a)+1, max(bits.Len64(absInt(a)), bits.Len64(absInt(b)))))
		}
	case recv == bigIntType && name == "Binomial": // z.Binomial(n, k): min(k, n-k) factors of up to n's bits
		return func(args []reflect.Value) {
			n, k := args[0].Int(), args[1].Int()
			if k > n-k {
				k = n - k
			}
			if k > 0 && k <= n {
				g.native("big.Int.Binomial", factorBytes(uint64(k), bits.Len64(uint64(n))))
			}
		}
	// Decimal digits that the cell asks for, each a byte: x.Text('f', 1<<40).
	case recv == bigFloatType && name == "Text": // x.Text(format, prec)
		return func(args []reflect.Value) { g.digits("big.Float.Text", args[1].Int()) }
	case recv == bigFloatType && name == "Append": // x.Append(buf, format, prec)
		return func(args []reflect.Value) { g.digits("big.Float.Append", args[2].Int()) }
	case recv == bigRatType && name == "FloatString": // x.FloatString(prec)
		return func(args []reflect.Value) { g.digits("big.Rat.FloatString", args[0].Int()) }
	}
	return nil
}

// digits checks a formatting of prec decimal digits (strconv.FormatFloat's
// prec, big.Float.Text's): a byte each, and a float64's 309 before the
// point.
func (g *memGuard) digits(what string, prec int64) {
	if prec > 0 {
		g.native(what, min(prec, 1<<62)+400)
	}
}

// factorBytes is the bytes of a product of n factors of up to width bits
// each, saturated.
func factorBytes(n uint64, width int) int64 {
	if width > 0 && n > (1<<62)/uint64(width) {
		return 1<<63 - 1
	}
	return bitBytes(nil, n*uint64(width))
}

// absInt is |v| as a uint64 (MinInt64 too).
func absInt(v int64) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

// bitBytes is the bytes of x's bits and n more, saturated.
func bitBytes(x *big.Int, n uint64) int64 {
	bits := n
	if x != nil {
		bits += uint64(x.BitLen())
	}
	if bits < n || bits/8 > 1<<62 {
		return 1<<63 - 1
	}
	return int64(bits / 8)
}
