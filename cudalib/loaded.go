package cudalib

import (
	"fmt"
	"strings"
	"sync"

	"github.com/culab/culab/cudalib/internal/seam"
)

// loadedModules shares loaded images between Modules compiled from the same
// request on one device, as CuPy's memoized RawModule does: compiling a
// source again (a re-run notebook cell) then costs a map lookup instead of
// hashing the source for the compile cache and loading the image into the
// context again. An image is unloaded when the last Module using it is.
type loadedModules struct {
	mu      sync.Mutex
	gen     int // device generation the entries belong to
	entries map[loadKey]*loadedImage
	flights map[loadKey]*flight // images being built
}

// loadKey is everything the backends derive an image from; a string key
// hashes at memory speed, far cheaper than the compile cache's sha256.
type loadKey struct {
	name, source, options, exprs string
}

func keyOf(req seam.CompileRequest) loadKey {
	return loadKey{req.Name, req.Source, strings.Join(req.Options, "\x00"), strings.Join(req.NameExprs, "\x00")}
}

type loadedImage struct {
	impl seam.Module
	refs int  // Modules (or template instances) holding it; guarded by loadedModules.mu
	hit  bool // whether the first load came from the compile cache

	fnMu sync.Mutex
	fns  map[string]seam.Function // looked-up kernels: a hit's Kernel() is a lookup too
}

// function looks sym up once per image: the driver returns the same
// CUfunction each time, and the virtual GPU's lookup analyses the kernel.
func (e *loadedImage) function(sym string) (seam.Function, error) {
	e.fnMu.Lock()
	defer e.fnMu.Unlock()
	if f, ok := e.fns[sym]; ok {
		return f, nil
	}
	f, err := e.impl.Function(sym)
	if err != nil {
		return nil, err
	}
	if e.fns == nil {
		e.fns = map[string]seam.Function{}
	}
	e.fns[sym] = f
	return f, nil
}

// load returns a handle on the image for req, building it with build on a
// miss. gen is the device generation: a Reset unloads every image, so
// entries of an older generation are forgotten, never unloaded again.
//
// A build (NVRTC's compile, then the load) runs on a goroutine of its own
// that load waits for, until the context of SetContext ends: NVRTC has no
// way to stop a compile, and an interrupted cell must not wait for one
// (tens of seconds for a large kernel). When the last waiter leaves, the
// build's request is cancelled: a compile in a child process is killed
// (compileproc); one in this process goes on, and its result reaches
// NVRTC's cache. A load of the same request meanwhile starts a build of
// its own; an image that nobody waits for any more is unloaded when it
// arrives.
func (l *loadedModules) load(gen int, req seam.CompileRequest, build func(seam.CompileRequest) (seam.Module, error)) (seam.Module, error) {
	key := keyOf(req)
	l.mu.Lock()
	if l.entries == nil || l.gen != gen {
		l.entries, l.flights, l.gen = map[loadKey]*loadedImage{}, map[loadKey]*flight{}, gen
	}
	if e := l.entries[key]; e != nil {
		e.refs++
		l.mu.Unlock()
		return &loadedRef{l: l, key: key, e: e, hit: true}, nil
	}
	if err := checkInterrupt(); err != nil {
		l.mu.Unlock()
		return nil, fmt.Errorf("%w before compiling %s", err, req.Name)
	}
	f := l.flights[key]
	if f == nil {
		// Built outside the lock so that compiles of different sources
		// run concurrently.
		f = &flight{done: make(chan struct{}), cancel: make(chan struct{})}
		l.flights[key] = f
		req.Cancel = f.cancel
		go l.build(gen, key, req, build, f)
	}
	f.waiters++
	l.mu.Unlock()

	select {
	case <-f.done:
	case <-interruptContext().Done():
		l.mu.Lock()
		select {
		case <-f.done: // it came meanwhile, with this waiter's reference
			l.mu.Unlock()
		default:
			f.waiters--
			if f.waiters == 0 {
				close(f.cancel)
				if l.flights[key] == f {
					delete(l.flights, key)
				}
			}
			l.mu.Unlock()
			return nil, fmt.Errorf("%w while compiling %s", checkInterrupt(), req.Name)
		}
	}
	if f.err != nil {
		return nil, f.err
	}
	return &loadedRef{l: l, key: key, e: f.e, hit: f.e.hit}, nil
}

// flight is a build under way, and those waiting for it.
type flight struct {
	done    chan struct{} // closed when e or err is set
	waiters int           // guarded by loadedModules.mu
	cancel  chan struct{} // closed when the last waiter leaves before done
	e       *loadedImage  // with a reference for each waiter
	err     error
}

// build builds the image of a flight and hands it to its waiters, or
// unloads it when none is left.
func (l *loadedModules) build(gen int, key loadKey, req seam.CompileRequest, build func(seam.CompileRequest) (seam.Module, error), f *flight) {
	impl, err := build(req)
	l.mu.Lock()
	defer l.mu.Unlock()
	current := l.gen == gen
	if current && l.flights[key] == f {
		delete(l.flights, key)
	}
	switch {
	case err != nil:
		f.err = err
	case f.waiters == 0:
		if current {
			_ = impl.Unload() // abandoned; the compile cache keeps what NVRTC made
		}
	default:
		f.e = &loadedImage{impl: impl, refs: f.waiters, hit: impl.Cached()}
		if current {
			l.entries[key] = f.e
		}
	}
	close(f.done)
}

// release drops one reference and reports whether the image must be
// unloaded now.
func (l *loadedModules) release(key loadKey, e *loadedImage) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	e.refs--
	if e.refs > 0 {
		return false
	}
	if l.entries[key] == e {
		delete(l.entries, key)
	}
	return true
}

// loadedRef is one Module's hold on a shared image.
type loadedRef struct {
	l   *loadedModules
	key loadKey
	e   *loadedImage
	hit bool

	once sync.Once // a second Unload must not drop another Module's reference
}

func (r *loadedRef) Function(sym string) (seam.Function, error) { return r.e.function(sym) }
func (r *loadedRef) Lowered() map[string]string                 { return r.e.impl.Lowered() }
func (r *loadedRef) CompileLog() string                         { return r.e.impl.CompileLog() }
func (r *loadedRef) Cached() bool                               { return r.hit }

// Global is the shared image's variable: Modules compiled from the same
// request share its storage, as they share its kernels.
func (r *loadedRef) Global(sym string) (seam.DevPtr, int, error) { return r.e.impl.Global(sym) }

func (r *loadedRef) Unload() error {
	var err error
	r.once.Do(func() {
		if r.l.release(r.key, r.e) {
			err = r.e.impl.Unload()
		}
	})
	return err
}
