package driver

import (
	"runtime"
	"sync"
)

// executor runs every driver call on one goroutine locked to an OS thread,
// where the primary context is current, so callers on any goroutine are
// safe. Both sides spin briefly before sleeping: waking a parked locked
// thread costs microseconds, which would dominate an asynchronous launch.
type executor struct {
	jobs chan *job
}

type job struct {
	fn    func()
	done  chan struct{} // one token when fn has run, unless posted
	async bool          // posted: nobody waits, the executor recycles it
}

// Jobs are pooled: a launch should allocate as little as possible.
var jobs = sync.Pool{New: func() any { return &job{done: make(chan struct{}, 1)} }}

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
			// No Gosched here: yielding a locked thread hands it off to the
			// scheduler, which is the very cost the spin avoids.
			select {
			case j = <-e.jobs:
				break poll
			default:
			}
		}
		if j == nil {
			j = <-e.jobs
		}
		j.fn()
		if j.async {
			j.fn, j.async = nil, false
			jobs.Put(j)
			continue
		}
		j.done <- struct{}{}
	}
}

// post queues fn on the executor's thread without waiting; jobs run in
// the order they were posted or done.
func (e *executor) post(fn func()) {
	j := jobs.Get().(*job)
	j.fn, j.async = fn, true
	e.send(j)
}

// send queues j. When the queue is full the caller spins before it parks:
// a parked sender must be woken by the executor's next receive, which would
// put a wake-up on the driver thread's path for every launch of a burst.
func (e *executor) send(j *job) {
	for i := 0; i < waitSpin; i++ {
		select {
		case e.jobs <- j:
			return
		default:
		}
	}
	e.jobs <- j
}

// do runs fn on the executor's thread and waits for it.
func (e *executor) do(fn func()) {
	j := jobs.Get().(*job)
	j.fn = fn
	e.send(j)
	defer func() {
		j.fn = nil
		jobs.Put(j) // its token is consumed: safe to reuse
	}()
	for i := 0; i < waitSpin; i++ {
		select {
		case <-j.done:
			return
		default:
		}
	}
	<-j.done
}
