package goengine

import (
	"fmt"
	"os"
	osexec "os/exec"
	"reflect"
	"runtime/metrics"
	"syscall"

	"github.com/culab/culab/internal/memlimit"
)

// A goroutine that blocks in a system call (syscall.Nanosleep, a raw
// syscall.Read, waiting for a process) or that locked its thread
// (runtime.LockOSThread) holds an OS thread; the scheduler starts another
// for the rest. A cell starting 20000 of them ended the engine: past
// 10000 threads Go's runtime stops with "fatal error: thread exhaustion",
// and past the task limit of the student's cgroup or RLIMIT_NPROC with
// "fatal error: newosproc"; no recover catches either. The calls that hold
// a thread are refused, with a panic the cell may recover, once the
// engine has half of the fewest threads it may have: they come one at a
// time, each goroutine's as it is scheduled, so the count they read is
// the count they add to.

// goMaxThreads is Go's default limit (debug.SetMaxThreads, which cells
// may not call).
const goMaxThreads = 10000

// threadBound is half the fewest threads that the engine may have: Go's
// limit, its cgroup's task limit, its user's RLIMIT_NPROC (which count
// the student's other processes too).
func threadBound() int64 {
	bound := int64(goMaxThreads)
	if n := memlimit.Tasks("/"); n > 0 && n < bound {
		bound = n
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(rlimitNproc, &rl) == nil && rl.Cur > 0 && rl.Cur < uint64(bound) {
		bound = int64(rl.Cur)
	}
	return max(bound/2, 16)
}

// rlimitNproc is RLIMIT_NPROC, which package syscall does not name.
const rlimitNproc = 6

// threads is how many OS threads the process has.
func threads() int64 {
	s := []metrics.Sample{{Name: "/sched/threads/total:threads"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// holdThread checks a call of what, which may hold an OS thread: a panic
// past the bound.
func (e *Engine) holdThread(what string) {
	if n := threads(); n >= e.threadBound {
		panic(fmt.Errorf("%s refused: the engine has %d OS threads, and a cell may have it hold at most %d (goroutines blocked in system calls or locked to their thread hold one each; past Go's or the system's limit the engine would end)", what, n, e.threadBound))
	}
}

// threadGated is table's functions, each checked by holdThread first.
func (e *Engine) threadGated(pkg string, table map[string]reflect.Value) map[string]reflect.Value {
	gated := make(map[string]reflect.Value, len(table))
	for name, v := range table {
		if v.Kind() != reflect.Func {
			gated[name] = v
			continue
		}
		what := pkg + "." + name
		gated[name] = reflect.MakeFunc(v.Type(), func(in []reflect.Value) []reflect.Value {
			e.holdThread(what)
			if v.Type().IsVariadic() {
				return v.CallSlice(in)
			}
			return v.Call(in)
		})
	}
	return gated
}

// Methods that wait for a process, holding a thread while it runs.
var (
	cmdType     = reflect.TypeFor[osexec.Cmd]()
	processType = reflect.TypeFor[os.Process]()
)

// threadMethod is the MethodGuard's check of a method that holds an OS
// thread, nil for others.
func (e *Engine) threadMethod(recv reflect.Type, name string) func([]reflect.Value) {
	if recv.Kind() == reflect.Pointer {
		recv = recv.Elem()
	}
	switch {
	case recv == cmdType && (name == "Run" || name == "Wait" || name == "Output" || name == "CombinedOutput"),
		recv == processType && name == "Wait":
		what := recv.String() + "." + name
		return func([]reflect.Value) { e.holdThread(what) }
	}
	return nil
}
