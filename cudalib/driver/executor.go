package driver

import (
	"runtime"
	"sync/atomic"
)

// executor runs every driver call on one goroutine locked to an OS thread,
// where the primary context is current, so callers on any goroutine are
// safe. Both sides spin briefly before sleeping: waking a parked locked
// thread costs microseconds, which would dominate an asynchronous launch.
type executor struct {
	jobs chan *job
}

type job struct {
	fn   func()
	done atomic.Bool
	wake chan struct{}
}

const (
	execSpin = 4000 // polls (~tens of µs) before the executor parks
	waitSpin = 2000 // polls before a caller parks
)

func newExecutor(setup func()) *executor {
	e := &executor{jobs: make(chan *job, 64)}
	ready := make(chan struct{})
	go func() {
		runtime.LockOSThread() // never unlocked: the thread keeps the context current
		setup()
		close(ready)
		e.loop()
	}()
	<-ready
	return e
}

func (e *executor) loop() {
	for {
		var j *job
	poll:
		for i := 0; i < execSpin; i++ {
			select {
			case j = <-e.jobs:
				break poll
			default:
				if i%64 == 63 {
					runtime.Gosched()
				}
			}
		}
		if j == nil {
			j = <-e.jobs
		}
		j.fn()
		j.done.Store(true)
		j.wake <- struct{}{}
	}
}

// do runs fn on the executor's thread and waits for it.
func (e *executor) do(fn func()) {
	j := &job{fn: fn, wake: make(chan struct{}, 1)}
	e.jobs <- j
	for i := 0; i < waitSpin; i++ {
		if j.done.Load() {
			return
		}
		if i%64 == 63 {
			runtime.Gosched()
		}
	}
	<-j.wake
}
