// Package gpuqueue makes the timed sections of different processes and
// users on one GPU take turns, first come first served: a kernel timed
// while another user's kernel runs measures the sharing, not the kernel.
//
// The queue is a directory shared by every user of the machine
// (DefaultDir, world-writable with the sticky bit, like /tmp; EnvDir
// overrides it) and a key per physical GPU (its UUID, the same in every
// process). Each waiter has a slot file of its own, kept from turn to turn
// by its process, and holds an exclusive flock(2) on it while it waits or
// holds its turn; the file says its ticket number (0 between turns). To
// join, a waiter takes the key's registry flock (held for microseconds),
// numbers itself one past the highest ticket of the locked slots, locks
// its slot and writes the number. Its turn comes when none of the slots it
// found locked is still locked and says the number it had. So:
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
// A turn has a maximum length (SetMaxTurn; DefaultMaxTurn): a waiter that
// has seen the same ticket first in line for that long goes on without it
// (Waiting.Overran names it), and takes the turn when nobody else is ahead.
// A holder that overran is skipped by later joiners too: a turn's holder
// writes its own number as the slot's floor, and a live ticket below a
// live floor has overrun. The holder's own process is told by its caller
// (cudalib ends the timed section with an error); the queue only makes
// sure that nobody waits longer than the limit for one holder.
//
// Other users cannot take a user's place: a new slot is locked before it
// is made readable (mode 0600, then 0644), a slot's owner locks it without
// blocking and makes a new one when another process holds its lock, and a
// released slot says ticket 0 (idle) whoever holds its lock. Only its owner
// can write or remove it: the directory's sticky bit, with an owner
// trusted not to remove others' files (root or this user; Open refuses
// another's). The registry lock is a mutex every user can take: a joiner
// waits for it at most registryWait and then joins without it, so a
// process that holds it can disturb the order of the others' turns, but
// not stop them.
package gpuqueue

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
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

// DefaultMaxTurn is how long a waiter waits for one holder before it goes
// on without it (SetMaxTurn changes it): above the longest timed section
// of the shipped labs on an H100 (notebook 06's V = 10 000 row, 2.8 s a
// launch, 13 launches: 36 s), so that none of them loses its turn.
const DefaultMaxTurn = 60 * time.Second

// registryWait bounds the wait for the registry lock, which is held for
// microseconds unless a process keeps it.
const registryWait = 2 * time.Second

// Queue is the queue of one GPU in one directory, for one process: it
// keeps its registry file, its idle slots and the other slots open, a few
// descriptors for the process's life.
type Queue struct {
	dir, key string

	mu      sync.Mutex // the registry section within this process
	reg     file
	maxTurn time.Duration
	idle    []*slot         // this process's slots between turns
	others  map[string]file // every slot file seen, by name, for test-locks
}

// SetMaxTurn sets how long this process waits for one holder before it
// goes on without it; d <= 0 means DefaultMaxTurn.
func (q *Queue) SetMaxTurn(d time.Duration) {
	if d <= 0 {
		d = DefaultMaxTurn
	}
	q.mu.Lock()
	q.maxTurn = d
	q.mu.Unlock()
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
	if err := makeDir(dir); err != nil {
		return nil, fmt.Errorf("gpu queue: %w", err)
	}
	reg, err := openShared(filepath.Join(dir, k+".lock"))
	if err != nil {
		return nil, fmt.Errorf("gpu queue: %w", err)
	}
	return &Queue{dir: dir, key: k, reg: reg, others: map[string]file{}, maxTurn: DefaultMaxTurn}, nil
}

// makeDir makes the queue directory with its final mode in one step, so
// that a second user never finds it half made: a private temporary
// directory beside it gets the mode, then is renamed into place. When
// another process made it first, that one is checked instead.
func makeDir(dir string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".new-")
		if err != nil {
			return err
		}
		// Chmod, not the Mkdir's mode: the umask does not apply to it.
		if err := os.Chmod(tmp, os.ModeSticky|0o777); err != nil {
			os.Remove(tmp)
			return err
		}
		// Another process may have made it meanwhile: then the rename
		// fails (EEXIST, ENOTEMPTY, or EPERM for another user's in a
		// sticky parent) and theirs is checked below.
		rerr := os.Rename(tmp, dir)
		if rerr != nil {
			os.Remove(tmp)
		}
		if st, err = os.Stat(dir); err != nil {
			return cmp.Or(rerr, err)
		}
	} else if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	// The owner of a sticky directory may remove anyone's files in it.
	sys := st.Sys().(*syscall.Stat_t)
	if uid := int(sys.Uid); uid != 0 && uid != os.Getuid() {
		return fmt.Errorf("%s belongs to user %d, who could remove other users' places in the queue; root can make it (install -d -m 1777 %s), or set %s", dir, uid, dir, EnvDir)
	}
	if st.Mode()&(os.ModeSticky|0o777) != os.ModeSticky|0o777 {
		// Made by an older version, or by hand; only its owner can fix it.
		if err := os.Chmod(dir, os.ModeSticky|0o777); err != nil {
			return fmt.Errorf("%s is not world-writable with the sticky bit and cannot be made so (%w); its owner can chmod 1777 it, or set %s", dir, err, EnvDir)
		}
	}
	return nil
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
	// Overran, when set, is a holder this waiter stopped waiting for: it
	// held its turn longer than MaxTurn. Said once per holder.
	Overran string
	MaxTurn time.Duration
}

// Ticket is a turn: held from Acquire until Release.
type Ticket struct {
	q   *Queue
	s   *slot
	num uint64
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

// record is what a slot says: its ticket (0: idle) and, while its turn
// is held, its floor (the holder's own number: live tickets below it
// overran).
type record struct{ num, floor uint64 }

// recordLen is the fixed part of a slot: "NUM FLOOR\n" in hex, then the
// owner's line.
const recordLen = 34

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
	q.mu.Lock()
	maxTurn := q.maxTurn
	q.mu.Unlock()
	if err := waitTurn(ctx, before, start, maxTurn, wait); err != nil {
		t.Release()
		return nil, err
	}
	// Holding: live tickets below this one have overrun (see record).
	if err := t.s.write(record{t.num, t.num}); err != nil {
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
	locked, err := lockPolled(ctx, q.reg, registryWait)
	if err != nil {
		return nil, nil, err
	}
	if locked {
		defer flock(q.reg, syscall.LOCK_UN)
	}
	names, err := readNames(q.dir)
	if err != nil {
		return nil, nil, fmt.Errorf("gpu queue: %w", err)
	}
	var before []ahead
	var last, floor uint64
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
				continue // removed since listed, or still private to its maker
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
		r := recordIn(f)
		if r.num == 0 {
			continue // released, its lock held by someone else
		}
		before = append(before, ahead{r.num, f.path})
		last, floor = max(last, r.num), max(floor, r.floor)
	}
	for n, f := range q.others {
		if !seen[n] {
			f.close()
			delete(q.others, n)
		}
	}
	before = slices.DeleteFunc(before, func(a ahead) bool { return a.num < floor })
	slices.SortFunc(before, func(a, b ahead) int { return cmp.Compare(a.num, b.num) })
	s, err := q.slot()
	if err != nil {
		return nil, nil, err
	}
	if err := s.write(record{num: last + 1}); err != nil {
		flock(s.f, syscall.LOCK_UN)
		q.idle = append(q.idle, s)
		return nil, nil, err
	}
	return &Ticket{q: q, s: s, num: last + 1}, before, nil
}

// write puts r and the owner's line in the slot.
func (s *slot) write(r record) error {
	line := fmt.Sprintf("%016x %016x\n%s", r.num, r.floor, owner())
	if _, err := syscall.Pwrite(s.f.fd, []byte(line), 0); err != nil {
		return fmt.Errorf("gpu queue: write ticket: %w", err)
	}
	return nil
}

// slot returns a slot of this process, locked: an idle one, or a new one;
// q.mu and the registry lock are held. An idle slot whose lock another
// process holds is given up (removed: only its owner can), so nobody can
// hold this process's place.
func (q *Queue) slot() (*slot, error) {
	for len(q.idle) > 0 {
		s := q.idle[len(q.idle)-1]
		q.idle = q.idle[:len(q.idle)-1]
		var st syscall.Stat_t
		if syscall.Fstat(s.f.fd, &st) == nil && st.Nlink > 0 {
			if flock(s.f, syscall.LOCK_EX|syscall.LOCK_NB) == nil {
				return s, nil
			}
			syscall.Unlink(s.f.path)
		}
		s.f.close() // removed (by another joiner, or above): invisible, so useless
	}
	var rnd [4]byte
	rand.Read(rnd[:])
	path := filepath.Join(q.dir, fmt.Sprintf("%s.s.%d.%s", q.key, os.Getpid(), hex.EncodeToString(rnd[:])))
	// Private until locked: nobody else can open it to take the lock first.
	f, err := openFile(path, syscall.O_RDWR|syscall.O_CREAT|syscall.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("gpu queue: %w", err)
	}
	if err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.close()
		syscall.Unlink(path)
		return nil, fmt.Errorf("gpu queue: lock own slot: %w", err)
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

// recordIn reads a slot's record: idle (0) where it cannot be read, since
// a slot is written before it is made readable or its lock can be seen.
// A floor above the slot's own number is not believed.
func recordIn(f file) record {
	var b [recordLen]byte
	if n, _ := syscall.Pread(f.fd, b[:], 0); n != len(b) || b[16] != ' ' {
		return record{}
	}
	num, err1 := strconv.ParseUint(string(b[:16]), 16, 64)
	floor, err2 := strconv.ParseUint(string(b[17:33]), 16, 64)
	if err1 != nil || err2 != nil {
		return record{}
	}
	return record{num, min(floor, num)}
}

// waitTurn waits until none of before is still live with its number. A
// ticket that stays first in line for maxTurn (as this waiter saw it), or
// below the floor of a later live ticket, has overrun and is waited for
// no longer.
func waitTurn(ctx context.Context, before []ahead, start time.Time, maxTurn time.Duration, wait func(Waiting)) error {
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
	var front string // path of the first in line, since frontAt
	var frontAt time.Time
	var tick *time.Ticker // made on the first wait
	for {
		still := ls[:0]
		var floor uint64
		for _, l := range ls {
			r := recordIn(l.f)
			gone := r.num != l.num // released, or its owner's next turn behind this one
			if !gone && flock(l.f, syscall.LOCK_EX|syscall.LOCK_NB) == nil {
				flock(l.f, syscall.LOCK_UN)
				gone = true
			}
			if gone {
				l.f.close()
				continue
			}
			floor = max(floor, r.floor)
			still = append(still, l)
		}
		ls = still
		overran := ""
		for len(ls) > 0 {
			if ls[0].path != front {
				front, frontAt = ls[0].path, time.Now()
			}
			if ls[0].num >= floor && time.Since(frontAt) < maxTurn {
				break
			}
			overran = ownerOf(ls[0].f)
			ls[0].f.close()
			ls = ls[1:]
		}
		if len(ls) == 0 {
			if overran != "" && wait != nil {
				wait(Waiting{Overran: overran, MaxTurn: maxTurn, Waited: time.Since(start)})
			}
			return nil
		}
		if wait != nil && (overran != "" || len(ls) != said || time.Since(saidAt) >= time.Second) {
			said, saidAt = len(ls), time.Now()
			wait(Waiting{Ahead: len(ls), First: ownerOf(ls[0].f), Waited: time.Since(start), Overran: overran, MaxTurn: maxTurn})
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
	// Idle first: whoever holds the lock after this, the slot says 0.
	err := t.s.write(record{})
	if uerr := flock(t.s.f, syscall.LOCK_UN); err == nil && uerr != nil {
		err = fmt.Errorf("gpu queue: release: %w", uerr)
	}
	t.q.mu.Lock()
	t.q.idle = append(t.q.idle, t.s)
	t.q.mu.Unlock()
	t.s = nil
	return err
}

// openShared opens (creating) a file every user can open and lock. It
// gets its mode under a private name and is then linked into place, so
// that nobody finds it before it is readable (the umask applies to open).
func openShared(path string) (file, error) {
	f, err := openFile(path, syscall.O_RDONLY, 0)
	if !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	var rnd [4]byte
	rand.Read(rnd[:])
	tmp := path + ".new-" + hex.EncodeToString(rnd[:])
	if f, err = openFile(tmp, syscall.O_RDONLY|syscall.O_CREAT|syscall.O_EXCL, 0o644); err != nil {
		return f, err
	}
	syscall.Fchmod(f.fd, 0o644)
	lerr := syscall.Link(tmp, path)
	syscall.Unlink(tmp)
	if lerr == nil {
		return f, nil
	}
	f.close()
	if lerr == syscall.EEXIST {
		return openFile(path, syscall.O_RDONLY, 0) // another process made it
	}
	return file{fd: -1}, &os.PathError{Op: "link", Path: path, Err: lerr}
}

// lockPolled takes an exclusive flock, polling so that ctx can end the
// wait, for at most limit: then it returns false, not locked. The registry
// lock is held for microseconds, so this rarely waits.
func lockPolled(ctx context.Context, f file, limit time.Duration) (bool, error) {
	deadline := time.Now().Add(limit)
	for {
		err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			if err != nil {
				return false, fmt.Errorf("gpu queue: lock %s: %w", f.path, err)
			}
			return true, nil
		}
		if time.Now().After(deadline) {
			return false, nil
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
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
	if n <= recordLen {
		return "?"
	}
	return string(b[recordLen:n])
}
