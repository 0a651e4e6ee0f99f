// Package gpuqueue makes the timed sections of different processes and
// users on one GPU take turns, first come first served: a kernel timed
// while another user's kernel runs measures the sharing, not the kernel.
//
// The queue is a directory shared by every user of the machine
// (DefaultDir, world-writable with the sticky bit, like /tmp; EnvDir
// overrides it) and a key per physical GPU (its UUID, the same in every
// process). A waiter takes a ticket: under a short flock(2) on the key's
// registry file it numbers itself one past the highest ticket file
// present, creates its own ticket file and holds an exclusive flock on it
// from then until it leaves. Its turn comes when no ticket file with a
// lower number is still locked. So:
//
//   - Order is arrival order (FIFO): a ticket only waits for lower ones,
//     which were created, and locked, before it was numbered; none can
//     overtake it, so nobody starves while holders finish.
//   - One holder at a time: of two live tickets, the higher one sees the
//     lower one's file locked.
//   - A crash frees the queue: the kernel drops a dead process's flocks,
//     so its ticket file, held or waiting, can be locked by anyone, which
//     marks it stale; waiters skip it and remove it (the sticky bit lets
//     only its owner or root remove another user's file: a leftover costs
//     the others a few microseconds per section until then).
//   - Names are never reused (ticket, pid and random bytes), so a file
//     removed as stale is always the stale one.
//
// Waiting polls the lower tickets' locks every 2 ms instead of blocking in
// flock, so that it ends promptly when its context is cancelled and leaves
// no thread stuck in the kernel; the handoff gap is at most a poll, small
// against a timed section (≥ 50 ms by default). Without waiters a turn is
// a few file system calls (bench/queuebench measures it).
//
// Each Acquire is one waiter, also within one process: two Acquires of one
// process take turns like any two (and one that waits for itself waits
// until its context ends). Sharing a turn between a process's own timed
// sections is its caller's policy (cudalib's: a process holds the GPU
// while any of its timed sections runs, so nested or concurrent sections
// of one program never wait for each other).
//
// The queue is cooperative: a process that holds its turn forever (hung,
// or hostile) blocks the GPU's queue; the waiting line names it.
package gpuqueue

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// EnvDir overrides DefaultDir; the value "off" turns the queue off (Dir).
const EnvDir = "CULAB_GPU_QUEUE_DIR"

// DefaultDir is the queue directory shared by all users: fixed rather than
// os.TempDir, since TMPDIR differs between users.
const DefaultDir = "/tmp/culab-gpu-queue"

// Dir is the queue directory from the environment, and false when EnvDir
// is "off".
func Dir() (string, bool) {
	switch v := os.Getenv(EnvDir); v {
	case "off":
		return "", false
	case "":
		return DefaultDir, true
	default:
		return v, true
	}
}

// poll is how often a waiter looks at the tickets ahead of it.
const poll = 2 * time.Millisecond

// Queue is the queue of one GPU in one directory.
type Queue struct {
	dir, key string
}

// Open returns the queue of key (e.g. a GPU's UUID) in dir, creating dir
// world-writable with the sticky bit when it is missing.
func Open(dir, key string) (*Queue, error) {
	k := sanitize(key)
	if k == "" {
		return nil, fmt.Errorf("gpu queue: empty key")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("gpu queue: %w", err)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("gpu queue: %w", err)
	}
	if st.Mode()&(os.ModeSticky|0o777) != os.ModeSticky|0o777 {
		// umask trimmed the mode; only the owner may fix it, and a
		// directory other users cannot write serves only its owner.
		if err := os.Chmod(dir, os.ModeSticky|0o777); err != nil {
			return nil, fmt.Errorf("gpu queue: %s is not world-writable with the sticky bit and cannot be made so (%w); its owner can chmod 1777 it, or set %s", dir, err, EnvDir)
		}
	}
	return &Queue{dir: dir, key: k}, nil
}

// sanitize keeps a key to letters, digits, '-' and '_', so that '.'
// separates the parts of a file name.
func sanitize(key string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, key)
}

// Waiting is what a waiter is told while it waits.
type Waiting struct {
	Ahead  int           // live tickets before this one, the holder included
	First  string        // who is first in line (usually holding): "user (pid N)"
	Waited time.Duration // since Acquire was called
}

// Ticket is a turn: held from Acquire until Release.
type Ticket struct {
	f file
}

// file is a raw descriptor: os.File's poller registration and the
// blocking-mode fcntls of its Fd would double a turn's system calls.
type file struct {
	fd   int // -1 once closed
	path string
}

func openFile(path string, flags int, perm uint32) (file, error) {
	for {
		fd, err := syscall.Open(path, flags|syscall.O_CLOEXEC, perm)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return file{fd: -1}, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return file{fd: fd, path: path}, nil
	}
}

func (f *file) close() {
	if f.fd >= 0 {
		syscall.Close(f.fd)
		f.fd = -1
	}
}

// Acquire waits for the queue's turn, first come first served. While it
// waits it calls wait (if non-nil) at once, whenever the number ahead
// changes and at least every second. When ctx ends first it leaves the
// queue and returns ctx's error.
func (q *Queue) Acquire(ctx context.Context, wait func(Waiting)) (*Ticket, error) {
	start := time.Now()
	t, ahead, err := q.take(ctx)
	if err != nil {
		return nil, err
	}
	if err := waitTurn(ctx, ahead, start, wait); err != nil {
		t.Release()
		return nil, err
	}
	return t, nil
}

// take numbers a new ticket under the registry lock and returns it with
// the paths of the tickets before it.
func (q *Queue) take(ctx context.Context) (*Ticket, []string, error) {
	reg, err := openShared(filepath.Join(q.dir, q.key+".lock"))
	if err != nil {
		return nil, nil, fmt.Errorf("gpu queue: %w", err)
	}
	defer reg.close() // drops the registry lock
	if err := lockPolled(ctx, reg); err != nil {
		return nil, nil, err
	}
	names, err := readNames(q.dir)
	if err != nil {
		return nil, nil, fmt.Errorf("gpu queue: %w", err)
	}
	type numbered struct {
		num  uint64
		path string
	}
	var before []numbered
	for _, n := range names {
		if num, ok := q.ticketOf(n); ok {
			before = append(before, numbered{num, filepath.Join(q.dir, n)})
		}
	}
	slices.SortFunc(before, func(a, b numbered) int { return cmp.Compare(a.num, b.num) })
	var last uint64
	ahead := make([]string, len(before))
	for i, b := range before {
		ahead[i], last = b.path, b.num
	}
	var rnd [4]byte
	rand.Read(rnd[:])
	path := filepath.Join(q.dir, fmt.Sprintf("%s.t%016x.%d.%s", q.key, last+1, os.Getpid(), hex.EncodeToString(rnd[:])))
	f, err := openFile(path, syscall.O_RDWR|syscall.O_CREAT|syscall.O_EXCL, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("gpu queue: %w", err)
	}
	t := &Ticket{f: f}
	// Locked before the registry lock is dropped: a later ticket must
	// find this one live. Readable by all, whatever the umask, so that
	// other users can test the lock.
	if err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Release()
		return nil, nil, fmt.Errorf("gpu queue: lock own ticket: %w", err)
	}
	syscall.Fchmod(f.fd, 0o644)
	syscall.Write(f.fd, []byte(owner()))
	return t, ahead, nil
}

// ticketOf parses a ticket file name of this queue.
func (q *Queue) ticketOf(name string) (uint64, bool) {
	rest, ok := strings.CutPrefix(name, q.key+".t")
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, ".")
	if !ok || len(num) != 16 {
		return 0, false
	}
	n, err := strconv.ParseUint(num, 16, 64)
	return n, err == nil
}

// waitTurn waits until no ticket of paths is live.
func waitTurn(ctx context.Context, paths []string, start time.Time, wait func(Waiting)) error {
	var ahead []file
	defer func() {
		for i := range ahead {
			ahead[i].close()
		}
	}()
	for _, p := range paths {
		// Missing: it left after being listed.
		if f, err := openFile(p, syscall.O_RDONLY, 0); err == nil {
			ahead = append(ahead, f)
		}
	}
	said, saidAt := -1, time.Time{}
	var tick *time.Ticker // made on the first wait: none when nobody is ahead
	for {
		live := ahead[:0]
		for _, f := range ahead {
			if flock(f, syscall.LOCK_EX|syscall.LOCK_NB) == nil {
				// Left or died. Removing a stale file may fail (another
				// user's in a sticky directory); it is skipped all the same.
				syscall.Unlink(f.path)
				f.close()
				continue
			}
			live = append(live, f)
		}
		ahead = live
		if len(ahead) == 0 {
			return nil
		}
		if wait != nil && (len(ahead) != said || time.Since(saidAt) >= time.Second) {
			said, saidAt = len(ahead), time.Now()
			wait(Waiting{Ahead: len(ahead), First: ownerOf(ahead[0]), Waited: time.Since(start)})
		}
		if tick == nil {
			tick = time.NewTicker(poll)
			defer tick.Stop()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

// Release ends the turn (or leaves the queue). The file goes before the
// lock, so nobody takes a released ticket for a stale one. Releasing twice
// does nothing.
func (t *Ticket) Release() error {
	if t == nil || t.f.fd < 0 {
		return nil
	}
	err := syscall.Unlink(t.f.path)
	t.f.close()
	if err != nil {
		return fmt.Errorf("gpu queue: release %s: %w", t.f.path, err)
	}
	return nil
}

// openShared opens (creating) a file every user can open and lock.
func openShared(path string) (file, error) {
	if f, err := openFile(path, syscall.O_RDONLY, 0); err == nil {
		return f, nil
	}
	f, err := openFile(path, syscall.O_RDONLY|syscall.O_CREAT|syscall.O_EXCL, 0o644)
	if errors.Is(err, syscall.EEXIST) {
		return openFile(path, syscall.O_RDONLY, 0) // another process made it
	}
	if err == nil {
		syscall.Fchmod(f.fd, 0o644) // whatever the umask
	}
	return f, err
}

// lockPolled takes an exclusive flock, polling so that ctx can end the
// wait. The registry lock is held for microseconds, so this rarely waits.
func lockPolled(ctx context.Context, f file) error {
	for {
		err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			if err != nil {
				return fmt.Errorf("gpu queue: lock %s: %w", f.path, err)
			}
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Microsecond):
		}
	}
}

func flock(f file, how int) error {
	for {
		err := syscall.Flock(f.fd, how)
		if err != syscall.EINTR {
			return err
		}
	}
}

// readNames lists dir's file names without sorting or stat calls.
func readNames(dir string) ([]string, error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Readdirnames(-1)
}

// owner is what a ticket file says about its process (looked up once:
// without cgo, os/user reads /etc/passwd).
var owner = sync.OnceValue(func() string {
	name := strconv.Itoa(os.Getuid())
	if u, err := user.Current(); err == nil {
		name = u.Username
	}
	return fmt.Sprintf("%s (pid %d)", name, os.Getpid())
})

// ownerOf reads a ticket file's owner line.
func ownerOf(f file) string {
	var b [128]byte
	n, _ := syscall.Pread(f.fd, b[:], 0)
	if n <= 0 {
		return "?"
	}
	return string(b[:n])
}
