package nvrtc

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/culab/culab/internal/userdir"
)

// Cache keeps successful compilations in memory and, given a directory, on
// disk, so the same source compiled again (a re-run notebook cell, a new
// kernel process) skips NVRTC. Failures are not cached: they are cheap to
// reproduce and the log is what the user needs to see anyway. The memory
// holds the most recently used results up to memoryLimit bytes: a session
// that edits and re-runs a %%cuda cell all afternoon compiles a new source
// each time, and kept every result. Safe for concurrent use.
type Cache struct {
	dir string // entries live in dir/nvrtc; "" keeps them in memory only

	mu    sync.Mutex
	mem   map[[sha256.Size]byte]*list.Element // of *memEntry, in lru
	lru   list.List                           // front: most recently used
	bytes int                                 // sum of the entries' sizes
	limit int                                 // bytes the memory may hold

	compile func(*Lib, Request) (*Result, error) // what compiles a miss
}

// memoryLimit bounds a Cache's memory. A module's PTX is 10–200 KB, so it
// keeps the last hundred or more modules, more than one notebook compiles;
// older ones come back from the disk cache at the cost of a file read.
const memoryLimit = 16 << 20

type memEntry struct {
	key  [sha256.Size]byte
	res  *Result
	size int
}

// resultSize is what a Result holds in memory, near enough.
func resultSize(res *Result) int {
	n := len(res.Image) + len(res.Log)
	for k, v := range res.Lowered {
		n += len(k) + len(v)
	}
	return n
}

// NewCache returns a cache storing entries under dir/nvrtc; dir "" keeps
// them in memory only. It compiles a miss with compile, which is
// (*Lib).Compile or runs it elsewhere (in another process, say).
func NewCache(dir string, compile func(*Lib, Request) (*Result, error)) *Cache {
	c := &Cache{mem: map[[sha256.Size]byte]*list.Element{}, limit: memoryLimit, compile: compile}
	if dir != "" {
		c.dir = filepath.Join(dir, "nvrtc")
	}
	return c
}

// DefaultCacheDir is $XDG_CACHE_HOME/culab, or ~/.cache/culab; "" when
// neither can be found.
func DefaultCacheDir() string {
	// The XDG spec says to ignore a relative XDG_CACHE_HOME.
	if d := os.Getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "culab")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".cache", "culab")
}

// Compile is l.Compile(req) through the cache; hit reports whether the
// result came from it. A returned Result is shared: do not modify it.
func (c *Cache) Compile(l *Lib, req Request) (res *Result, hit bool, err error) {
	if l == nil {
		return nil, false, fmt.Errorf("compile %s: NVRTC not loaded", req.name())
	}
	key := cacheKey(l, req)
	if res = c.recall(key); res != nil {
		return res, true, nil
	}
	if c.dir != "" {
		if res = c.load(key); res != nil {
			if err := deviceLaunch(req, res, nil); err != nil {
				return nil, false, err // stored before Compile refused it
			}
			c.remember(key, res)
			return res, true, nil
		}
	}
	res, err = c.compile(l, req)
	if err != nil {
		return nil, false, err
	}
	c.remember(key, res)
	if c.dir != "" {
		// Best effort: a cache that cannot be written (read-only home, full
		// disk) must not fail a compilation that succeeded.
		_ = c.store(key, res)
	}
	return res, false, nil
}

// remember keeps res in memory, forgetting the least recently used results
// past the limit.
func (c *Cache) remember(key [sha256.Size]byte, res *Result) {
	size := resultSize(res)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.mem[key]; ok { // two concurrent misses on one key
		c.drop(e)
	}
	if size > c.limit {
		return // it would push out everything else (the disk cache has it)
	}
	c.mem[key] = c.lru.PushFront(&memEntry{key: key, res: res, size: size})
	c.bytes += size
	for c.bytes > c.limit {
		c.drop(c.lru.Back())
	}
}

// recall returns the result kept in memory for key, or nil.
func (c *Cache) recall(key [sha256.Size]byte) *Result {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.mem[key]
	if !ok {
		return nil
	}
	c.lru.MoveToFront(e)
	return e.Value.(*memEntry).res
}

// drop forgets an entry; c.mu is held.
func (c *Cache) drop(e *list.Element) {
	m := c.lru.Remove(e).(*memEntry)
	delete(c.mem, m.key)
	c.bytes -= m.size
}

// cacheKey covers everything that changes the image. The name is included
// because -lineinfo and -G embed it.
func cacheKey(l *Lib, req Request) [sha256.Size]byte {
	h := sha256.New()
	var num [binary.MaxVarintLen64]byte
	putInt := func(v int) { h.Write(num[:binary.PutVarint(num[:], int64(v))]) }
	putStr := func(s string) { putInt(len(s)); h.Write([]byte(s)) }
	putStr("culab/nvrtc key 2")
	putInt(l.major)
	putInt(l.minor)
	// The headers a source may include: culab's, and the toolkit's by path
	// (pinned with the NVRTC they match).
	_, shimSum := shims()
	h.Write(shimSum[:])
	putInt(len(l.includeDirs))
	for _, d := range l.includeDirs {
		putStr(d)
	}
	putInt(req.Target.Arch)
	if req.Target.CUBIN {
		putInt(1)
	} else {
		putInt(0)
	}
	putStr(req.name())
	putStr(req.Source)
	putInt(len(req.Options))
	for _, o := range req.Options {
		putStr(o)
	}
	putInt(len(req.NameExpressions))
	for _, e := range req.NameExpressions {
		putStr(e)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// An entry on disk is a header, then the payload it describes:
//
//	magic [8]byte | format uint32 | key [32]byte | payload length uint64 | payload sha256 [32]byte
//
// so a truncated, corrupt or misplaced file is recognized and never used.
const (
	entryMagic   = "culabNVR"
	entryFormat  = 1
	headerLength = len(entryMagic) + 4 + sha256.Size + 8 + sha256.Size
)

var errCorrupt = errors.New("corrupt cache entry")

func (c *Cache) path(key [sha256.Size]byte) string {
	return filepath.Join(c.dir, hex.EncodeToString(key[:]))
}

// private makes the cache's directory and its parent (culab's under the
// cache home) private to this user, or says why they are not: another
// user who could write there could plant an entry for a lab's known
// source, whose checksums they can compute, and change what it computes.
func (c *Cache) private() error {
	if err := userdir.Private(filepath.Dir(c.dir)); err != nil {
		return err
	}
	return userdir.Private(c.dir)
}

// load returns the entry for key, or nil when there is none usable; an
// entry that fails verification is removed so that it is rewritten.
func (c *Cache) load(key [sha256.Size]byte) *Result {
	if c.private() != nil {
		return nil
	}
	path := c.path(key)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	res, err := decodeEntry(key, data)
	if err != nil {
		_ = os.Remove(path) // a failed remove only costs a recompile next time too
		return nil
	}
	return res
}

// store writes the entry under a temporary name and renames it into
// place, so readers see a whole entry or none.
func (c *Cache) store(key [sha256.Size]byte, res *Result) error {
	if err := c.private(); err != nil {
		return err
	}
	f, err := os.CreateTemp(c.dir, ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(encodeEntry(key, res))
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), c.path(key)); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	return nil
}

func encodeEntry(key [sha256.Size]byte, res *Result) []byte {
	var p []byte
	flags := byte(0)
	if res.CUBIN {
		flags = 1
	}
	p = append(p, flags)
	p = appendBytes(p, []byte(res.Log))
	names := make([]string, 0, len(res.Lowered))
	for k := range res.Lowered {
		names = append(names, k)
	}
	sort.Strings(names)
	p = binary.AppendUvarint(p, uint64(len(names)))
	for _, k := range names {
		p = appendBytes(p, []byte(k))
		p = appendBytes(p, []byte(res.Lowered[k]))
	}
	p = appendBytes(p, res.Image)

	sum := sha256.Sum256(p)
	out := make([]byte, 0, headerLength+len(p))
	out = append(out, entryMagic...)
	out = binary.LittleEndian.AppendUint32(out, entryFormat)
	out = append(out, key[:]...)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(p)))
	out = append(out, sum[:]...)
	return append(out, p...)
}

func appendBytes(p, b []byte) []byte {
	return append(binary.AppendUvarint(p, uint64(len(b))), b...)
}

func decodeEntry(key [sha256.Size]byte, data []byte) (*Result, error) {
	if len(data) < headerLength || string(data[:len(entryMagic)]) != entryMagic {
		return nil, errCorrupt
	}
	h := data[len(entryMagic):]
	if binary.LittleEndian.Uint32(h) != entryFormat || !bytes.Equal(h[4:4+sha256.Size], key[:]) {
		return nil, errCorrupt
	}
	h = h[4+sha256.Size:]
	n := binary.LittleEndian.Uint64(h)
	sum := h[8 : 8+sha256.Size]
	p := data[headerLength:]
	if uint64(len(p)) != n {
		return nil, errCorrupt
	}
	if got := sha256.Sum256(p); !bytes.Equal(got[:], sum) {
		return nil, errCorrupt
	}

	r := reader{p: p}
	res := &Result{CUBIN: r.byte() == 1, Log: string(r.bytes())}
	count := r.uvarint()
	if count > uint64(len(p)) { // each name takes at least two bytes
		return nil, errCorrupt
	}
	res.Lowered = make(map[string]string, count)
	for range count {
		k := string(r.bytes())
		res.Lowered[k] = string(r.bytes())
	}
	res.Image = r.bytes()
	if r.bad || len(r.p) != 0 {
		return nil, errCorrupt
	}
	return res, nil
}

// reader decodes a payload; the first overrun sets bad and yields zeros.
type reader struct {
	p   []byte
	bad bool
}

func (r *reader) byte() byte {
	if len(r.p) < 1 {
		r.bad = true
		return 0
	}
	b := r.p[0]
	r.p = r.p[1:]
	return b
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.p)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.p = r.p[n:]
	return v
}

func (r *reader) bytes() []byte {
	n := r.uvarint()
	if n > uint64(len(r.p)) {
		r.bad = true
		return nil
	}
	b := r.p[:n:n]
	r.p = r.p[n:]
	return b
}
