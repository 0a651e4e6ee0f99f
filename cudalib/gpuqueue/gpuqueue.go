// Package gpuqueue makes the timed sections of different processes and
// users on one GPU take turns, first come first served: a kernel timed
// while another user's kernel runs measures the sharing, not the kernel.
//
// The queue is a directory shared by every user of the machine
// (DefaultDir, world-writable with the sticky bit, like /tmp; EnvDir
// overrides it) and a key per physical GPU (its UUID, the same in every
// process). Each waiter has a slot file of its own, kept from turn to turn
// by its process, and holds an exclusive flock(2) on it while it waits or
// holds its turn; the file says its ticket number. To join, a waiter takes
// the key's registry flock (held for microseconds), numbers itself one
// past the highest ticket of the locked slots, writes the number and locks
// its slot. Its turn comes when none of the slots it found locked is still
// locked with the number it had. So:
//
//   - Order is arrival order (FIFO): a ticket only waits for the ones
//     found live when it joined; a later one is numbered higher and waits
//     for it in turn, so nobody starves while holders finish.
//   - One holder at a time: of two live tickets, the later one found the
//     earlier one's slot locked.
//   - A crash frees the queue: the kernel drops a dead process's flocks,
//     so its slot reads as idle at once. A joiner removes the slots of
//     dead processes (kill(pid, 0) says ESRCH) under the registry lock; a
//     process whose slot was removed (by a joiner in another pid
//     namespace, say) makes a new one, since it checks its link count
//     under the same lock. The sticky bit lets only its owner or root
//     remove another user's leftover: until then it costs a joiner one
//     flock.
//   - Slots are reused, not created and removed per turn: on the ext4 of
//     the development VM, a create and unlink cost 0.4 ms, a flock 5 µs.
//
// Waiting polls the slots ahead every 2 ms instead of blocking in flock,
// so that it ends promptly when its context is cancelled and leaves no
// thread stuck in the kernel; the handoff gap is at most a poll, small
// against a timed section (≥ 50 ms by default). bench/queuebench measures
// a turn without waiters.
//
// Each Acquire is one waiter, also within one process: two Acquires of one
// process take turns like any two (one that waits for itself waits until
// its context ends). Sharing a turn between a process's own timed
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

// poll is how often a waiter looks at the slots ahead of it.
const poll = 2 * time.Millisecond

// Queue is the queue of one GPU in one directory, for one process: it
// keeps its registry file, its idle slots and the other slots open, a few
// descriptors for the process's life.
type Queue struct {
	dir, key string

	mu     sync.Mutex // the registry section within this process
	reg    file
	idle   []*slot         // this process's slots between turns
	others map[string]file // every slot file seen, by name, for test-locks
}

// slot is a waiter's file.
type slot struct {
	f file
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
	reg, err := openShared(filepath.Join(dir, k+".lock"))
	if err != nil {
		return nil, fmt.Errorf("gpu queue: %w", err)
	}
	return &Queue{dir: dir, key: k, reg: reg, others: map[string]file{}}, nil
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
	q *Queue
	s *slot
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

// ahead is a live ticket found when joining.
type ahead struct {
	num  uint64
	path string
}

// Acquire waits for the queue's turn, first come first served. While it
// waits it calls wait (if non-nil) at once, whenever the number ahead
// changes and at least every second. When ctx ends first it leaves the
// queue and returns ctx's error.
func (q *Queue) Acquire(ctx context.Context, wait func(Waiting)) (*Ticket, error) {
	start := time.Now()
	t, before, err := q.join(ctx)
	if err != nil {
		return nil, err
	}
	if err := waitTurn(ctx, before, start, wait); err != nil {
		t.Release()
		return nil, err
	}
	return t, nil
}

// join numbers a new ticket under the registry lock and returns it with
// the live tickets before it, in ticket order.
func (q *Queue) join(ctx context.Context) (*Ticket, []ahead, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if err := lockPolled(ctx, q.reg); err != nil {
		return nil, nil, err
	}
	defer flock(q.reg, syscall.LOCK_UN)
	names, err := readNames(q.dir)
	if err != nil {
		return nil, nil, fmt.Errorf("gpu queue: %w", err)
	}
	var before []ahead
	var last uint64
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		pid, ok := q.slotOf(n)
		if !ok {
			continue
		}
		seen[n] = true
		f, ok := q.others[n]
		if !ok {
			if f, err = openFile(filepath.Join(q.dir, n), syscall.O_RDONLY, 0); err != nil {
				continue // removed since listed
			}
			q.others[n] = f
		}
		if flock(f, syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			flock(f, syscall.LOCK_UN) // idle or dead
			if pid != os.Getpid() && syscall.Kill(pid, 0) == syscall.ESRCH {
				syscall.Unlink(f.path) // fails for another user's: skipped all the same
			}
			continue
		}
		num := ticketIn(f)
		before = append(before, ahead{num, f.path})
		last = max(last, num)
	}
	for n, f := range q.others {
		if !seen[n] {
			f.close()
			delete(q.others, n)
		}
	}
	slices.SortFunc(before, func(a, b ahead) int { return cmp.Compare(a.num, b.num) })
	s, err := q.slot()
	if err != nil {
		return nil, nil, err
	}
	line := fmt.Sprintf("%016x\n%s", last+1, owner())
	if _, err := syscall.Pwrite(s.f.fd, []byte(line), 0); err != nil {
		q.idle = append(q.idle, s)
		return nil, nil, fmt.Errorf("gpu queue: write ticket: %w", err)
	}
	// Blocking, but only ever for a joiner's or waiter's momentary
	// test-lock of this slot.
	if err := flock(s.f, syscall.LOCK_EX); err != nil {
		q.idle = append(q.idle, s)
		return nil, nil, fmt.Errorf("gpu queue: lock own slot: %w", err)
	}
	return &Ticket{q: q, s: s}, before, nil
}

// slot returns an idle slot of this process, or a new one; q.mu and the
// registry lock are held.
func (q *Queue) slot() (*slot, error) {
	for len(q.idle) > 0 {
		s := q.idle[len(q.idle)-1]
		q.idle = q.idle[:len(q.idle)-1]
		var st syscall.Stat_t
		if syscall.Fstat(s.f.fd, &st) == nil && st.Nlink > 0 {
			return s, nil
		}
		s.f.close() // removed by another joiner: invisible, so useless
	}
	var rnd [4]byte
	rand.Read(rnd[:])
	path := filepath.Join(q.dir, fmt.Sprintf("%s.s.%d.%s", q.key, os.Getpid(), hex.EncodeToString(rnd[:])))
	f, err := openFile(path, syscall.O_RDWR|syscall.O_CREAT|syscall.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("gpu queue: %w", err)
	}
	syscall.Fchmod(f.fd, 0o644) // readable by all whatever the umask: others test its lock
	return &slot{f: f}, nil
}

// slotOf parses a slot file name of this queue: KEY.s.PID.RANDOM.
func (q *Queue) slotOf(name string) (pid int, ok bool) {
	rest, ok := strings.CutPrefix(name, q.key+".s.")
	if !ok {
		return 0, false
	}
	p, _, ok := strings.Cut(rest, ".")
	if !ok {
		return 0, false
	}
	pid, err := strconv.Atoi(p)
	return pid, err == nil && pid > 0
}

// ticketIn reads a slot's ticket number: 0, ahead of all, where it cannot
// be read, so that a live slot is never overlooked.
func ticketIn(f file) uint64 {
	var b [16]byte
	if n, _ := syscall.Pread(f.fd, b[:], 0); n != len(b) {
		return 0
	}
	num, _ := strconv.ParseUint(string(b[:]), 16, 64)
	return num
}

// waitTurn waits until none of before is still live with its number.
func waitTurn(ctx context.Context, before []ahead, start time.Time, wait func(Waiting)) error {
	if len(before) == 0 {
		return nil
	}
	// Own descriptors: join's are shared with the process's other joins.
	type live struct {
		ahead
		f file
	}
	var ls []live
	defer func() {
		for i := range ls {
			ls[i].f.close()
		}
	}()
	for _, a := range before {
		if f, err := openFile(a.path, syscall.O_RDONLY, 0); err == nil {
			ls = append(ls, live{a, f})
		}
	}
	said, saidAt := -1, time.Time{}
	var tick *time.Ticker // made on the first wait
	for {
		still := ls[:0]
		for _, l := range ls {
			gone := flock(l.f, syscall.LOCK_EX|syscall.LOCK_NB) == nil
			if gone {
				flock(l.f, syscall.LOCK_UN)
			} else if ticketIn(l.f) != l.num {
				gone = true // its owner's next turn, behind this one
			}
			if gone {
				l.f.close()
				continue
			}
			still = append(still, l)
		}
		ls = still
		if len(ls) == 0 {
			return nil
		}
		if wait != nil && (len(ls) != said || time.Since(saidAt) >= time.Second) {
			said, saidAt = len(ls), time.Now()
			wait(Waiting{Ahead: len(ls), First: ownerOf(ls[0].f), Waited: time.Since(start)})
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

// Release ends the turn (or leaves the queue); the slot waits for the
// process's next turn. Releasing twice does nothing.
func (t *Ticket) Release() error {
	if t == nil || t.s == nil {
		return nil
	}
	err := flock(t.s.f, syscall.LOCK_UN)
	t.q.mu.Lock()
	t.q.idle = append(t.q.idle, t.s)
	t.q.mu.Unlock()
	t.s = nil
	if err != nil {
		return fmt.Errorf("gpu queue: release: %w", err)
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

// readNames lists dir's file names with raw getdents: os.File's
// bookkeeping would add five system calls to a turn of about a dozen.
func readNames(dir string) ([]string, error) {
	d, err := openFile(dir, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		return nil, err
	}
	defer d.close()
	var names []string
	buf := make([]byte, 8<<10)
	for {
		n, err := syscall.ReadDirent(d.fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "getdents", Path: dir, Err: err}
		}
		if n <= 0 {
			return names, nil
		}
		_, _, names = syscall.ParseDirent(buf[:n], -1, names)
	}
}

// owner is what a slot file says about its process (looked up once:
// without cgo, os/user reads /etc/passwd).
var owner = sync.OnceValue(func() string {
	name := strconv.Itoa(os.Getuid())
	if u, err := user.Current(); err == nil {
		name = u.Username
	}
	return fmt.Sprintf("%s (pid %d)", name, os.Getpid())
})

// ownerOf reads a slot file's owner line.
func ownerOf(f file) string {
	var b [160]byte
	n, _ := syscall.Pread(f.fd, b[:], 0)
	if n <= 17 {
		return "?"
	}
	return string(b[17:n])
}
