package cudalib

import (
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
func (l *loadedModules) load(gen int, req seam.CompileRequest, build func(seam.CompileRequest) (seam.Module, error)) (seam.Module, error) {
	key := keyOf(req)
	l.mu.Lock()
	if l.entries == nil || l.gen != gen {
		l.entries, l.gen = map[loadKey]*loadedImage{}, gen
	}
	if e := l.entries[key]; e != nil {
		e.refs++
		l.mu.Unlock()
		return &loadedRef{l: l, key: key, e: e, hit: true}, nil
	}
	l.mu.Unlock()

	// Built outside the lock so that compiles of different sources run
	// concurrently; two concurrent misses on one key both build, and the
	// second image is simply not shared.
	impl, err := build(req)
	if err != nil {
		return nil, err
	}
	e := &loadedImage{impl: impl, refs: 1, hit: impl.Cached()}
	l.mu.Lock()
	if l.gen == gen && l.entries[key] == nil {
		l.entries[key] = e
	}
	l.mu.Unlock()
	return &loadedRef{l: l, key: key, e: e, hit: e.hit}, nil
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

func (r *loadedRef) Unload() error {
	var err error
	r.once.Do(func() {
		if r.l.release(r.key, r.e) {
			err = r.e.impl.Unload()
		}
	})
	return err
}
