// Package gpuqueue makes the timed sections of different processes and
// users on one GPU take turns, round robin between users: a kernel timed
// while another user's kernel runs measures the sharing, not the kernel,
// and a user who times in many processes at once waits, and holds up the
// others, like a user who times in one.
//
// The queue is a directory shared by every user of the machine
// (DefaultDir, world-writable with the sticky bit, like /tmp; EnvDir
// overrides it) and a key per physical GPU (its UUID, the same in every
// process). Each waiter has a slot file of its own, kept from turn to turn
// by its process, and holds an exclusive flock(2) on it while it waits or
// holds its turn. A slot's user is its owner, the uid the kernel gave the
// file: nobody can make a file that is someone else's, and the sticky bit
// keeps others from removing it. The file says "NUM SECOND": in line,
// its ticket number and, while its turn is held, its floor (below);
// parked (behind its own user's tickets), 0 and its arrival; idle, 0 0.
//
// A user has one place in line. To join, a waiter takes the key's
// registry flock (held for microseconds) and looks at the locked slots.
// Where some of them are its own user's and in line or parked, it parks:
// it locks its slot, writes its arrival, and waits until none of those is
// still live as it was, then joins again. Otherwise it takes a place in
// line: it numbers itself one past the highest ticket in line, locks its
// slot, writes the number, and waits for the tickets in line it found, of
// each other user one, the newest. Its turn comes when none of those is
// still locked and says the number it had. So:
//
//   - Round robin: a waiter waits for at most one turn of each other user
//     in line when it took its place (the holder's included), however
//     many processes of theirs wait; a user's next ticket takes its place
//     behind all of those once the user's turn ends. A user timing in N
//     kernels at once holds up each other user for one turn per round,
//     not N. Within a user, tickets take their places in arrival order.
//   - Nobody starves: a ticket in line only waits for the ones it found
//     there, a later one is numbered higher and waits for it in turn, and
//     a parked one only for its own user's earlier ones.
//   - One holder at a time: of two tickets in line, the later one found
//     the earlier one's slot locked (an older ticket of the same user
//     still locked in line beside a newer one has overrun, below).
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
// Round robin, not fair queuing by (round, arrival): a newcomer goes
// behind the users in line, not ahead of the second tickets of users
// already served, which are not in line yet. The bound is the same (one
// turn of each other user), and it is what keeps the queue safe from a
// user who writes lies in their own slots: a waiter's wait is fixed when
// it takes its place, and counts one place per owner, whatever that
// owner's slots say.
//
// The cap is one place in line per user, not per process: a class shares
// a GPU between people, and the bound then holds however many kernels
// anyone runs, with no count shared between processes (each joiner counts
// one place per owner). An Acquire beyond it waits, parked, rather than
// failing: its caller's work (a timed cell) goes on in the user's next
// turn, and parked tickets cost the other users nothing, since they never
// wait for them. People who share one account share its place, and take
// turns among themselves in arrival order.
//
// Waiting polls every 2 ms instead of blocking in flock, so that it ends
// promptly when its context is cancelled and leaves no thread stuck in
// the kernel; the handoff gap is at most a poll, small against a timed
// section (≥ 50 ms by default). bench/queuebench measures a turn without
// waiters.
//
// Each Acquire is one waiter, also within one process: two Acquires of one
// process take turns like any two of one user (one that waits for itself
// waits until its context ends). Sharing a turn between a process's own
// timed sections is its caller's policy (cudalib's: a process holds the
// GPU while any of its timed sections runs, so nested or concurrent
// sections of one program never wait for each other).
//
// A turn has a maximum length (SetMaxTurn; DefaultMaxTurn): a waiter that
// has seen the same ticket first in line for that long goes on without it
// (Waiting.Overran names it), and takes the turn when nobody else is ahead;
// a parked waiter likewise goes on without its own user's holder. A holder
// that overran is skipped by later joiners too: a turn's holder writes its
// own number as the slot's floor, and a ticket in line below a live floor
// has overrun. The holder's own process is told by its caller (cudalib
// ends the timed section with an error); the queue only makes sure that
// nobody waits longer than the limit for one holder. (A user's process
// stopped while it waits in line, by SIGSTOP say, is passed by the others
// after the limit, but holds up its own user's later tickets until it is
// continued or killed, or their cells are interrupted.)
//
// Other users cannot take a user's place: a new slot is locked before it
// is made readable (mode 0600, then 0644), a slot's owner locks it without
// blocking and makes a new one when another process holds its lock, and a
// released slot says 0 0 (idle) whoever holds its lock. Only its owner can
// write or remove it: the directory's sticky bit, with an owner trusted
// not to remove others' files (root or this user; Open refuses
// another's). A user who writes what they like in their own slots, or
// makes many, gets no more than one place in each other user's wait. The
// registry lock is a mutex every user can take: a joiner waits for it at
// most registryWait and then joins without it, so a process that holds it
// can disturb the order of the others' turns, but not stop them.
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
	uid     uint32 // this process's user: the owner of its slots
	maxTurn time.Duration
	idle    []*slot         // this process's slots between turns
	others  map[string]peer // every slot file seen, by name, for test-locks
}

// peer is a slot file seen in the directory, and its owner.
type peer struct {
	f   file
	uid uint32
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
	return &Queue{dir: dir, key: k, reg: reg, uid: uint32(os.Geteuid()), others: map[string]peer{}, maxTurn: DefaultMaxTurn}, nil
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
	// Own says the ticket is parked: Ahead and First are its own user's
	// tickets before it (other processes' of the user, or this one's),
	// since a user has one place in line at a time.
	Own bool
	// Overran, when set, is a holder this waiter stopped waiting for: it
	// held its turn longer than MaxTurn. Said once per holder.
	Overran string
	MaxTurn time.Duration
}

// Ticket is a turn: held from Acquire until Release.
type Ticket struct {
	q   *Queue
	s   *slot
	num uint64 // 0 while parked
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

// ahead is a live ticket found when joining: in line (num) or parked
// (arrival), and its user.
type ahead struct {
	num, arrival uint64
	uid          uint32
	path         string
}

// record is what a slot says: in line, its ticket and, while its turn is
// held, its floor (the holder's own number: tickets in line below it
// overran); parked, num 0 and its arrival; idle, all 0.
type record struct{ num, floor, arrival uint64 }

// recordLen is the fixed part of a slot: "NUM SECOND\n" in hex (SECOND
// the floor in line, the arrival parked), then the owner's line.
const recordLen = 34

// Acquire waits for the queue's turn: round robin between users, in
// arrival order within one. While it waits it calls wait (if non-nil) at
// once, whenever the number ahead changes and at least every second. When
// ctx ends first it leaves the queue and returns ctx's error.
func (q *Queue) Acquire(ctx context.Context, wait func(Waiting)) (*Ticket, error) {
	w := turnWait{ctx: ctx, start: time.Now(), wait: wait}
	t, before, err := q.join(ctx, nil)
	if err != nil {
		return nil, err
	}
	q.mu.Lock()
	w.maxTurn = q.maxTurn
	q.mu.Unlock()
	if t.num == 0 {
		// Parked: behind this user's earlier tickets, then in line.
		if err = w.until(before, true); err == nil {
			_, before, err = q.join(ctx, t)
		}
	}
	if err == nil {
		err = w.until(before, false)
	}
	if err == nil {
		// Holding: tickets in line below this one have overrun (see record).
		err = t.s.write(record{num: t.num, floor: t.num})
	}
	if err != nil {
		t.Release()
		return nil, err
	}
	return t, nil
}

// join places a ticket under the registry lock. A new one (parked nil)
// parks behind its user's live tickets if there are any, else takes a
// place in line, as a parked one does when it joins again. It returns the
// ticket and the live tickets it waits for: its user's, or those in line,
// of each other user the newest.
func (q *Queue) join(ctx context.Context, parked *Ticket) (*Ticket, []ahead, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	locked, err := lockPolled(ctx, q.reg, registryWait)
	if err != nil {
		return nil, nil, err
	}
	if locked {
		defer flock(q.reg, syscall.LOCK_UN)
	}
	l, err := q.look()
	if err != nil {
		return nil, nil, err
	}
	t := parked
	if t == nil {
		s, err := q.slot()
		if err != nil {
			return nil, nil, err
		}
		t = &Ticket{q: q, s: s}
	}
	r, before := record{num: l.last + 1}, l.others
	if parked == nil && len(l.own) > 0 {
		r, before = record{arrival: l.arrival + 1}, l.own
	}
	if err := t.s.write(r); err != nil {
		if parked == nil {
			flock(t.s.f, syscall.LOCK_UN)
			q.idle = append(q.idle, t.s)
		}
		return nil, nil, err
	}
	t.num = r.num
	return t, before, nil
}

// line is what a look at the slots found.
type line struct {
	own     []ahead // this user's live tickets: in line (by number), then parked (by arrival)
	others  []ahead // other users' tickets in line, of each user the newest, by number
	last    uint64  // the highest ticket number in line
	arrival uint64  // the latest arrival of this user's parked tickets
}

// look reads the live slots, and removes dead processes' ones; q.mu is
// held. Tickets in line below the floor have overrun and are left out.
func (q *Queue) look() (line, error) {
	names, err := readNames(q.dir)
	if err != nil {
		return line{}, fmt.Errorf("gpu queue: %w", err)
	}
	var l line
	var floor uint64
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		pid, ok := q.slotOf(n)
		if !ok {
			continue
		}
		seen[n] = true
		p, ok := q.others[n]
		if !ok {
			f, err := openFile(filepath.Join(q.dir, n), syscall.O_RDONLY, 0)
			if err != nil {
				continue // removed since listed, or still private to its maker
			}
			var st syscall.Stat_t
			if err := syscall.Fstat(f.fd, &st); err != nil {
				f.close()
				continue
			}
			p = peer{f, st.Uid}
			q.others[n] = p
		}
		if flock(p.f, syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			flock(p.f, syscall.LOCK_UN) // idle or dead
			if pid != os.Getpid() && syscall.Kill(pid, 0) == syscall.ESRCH {
				syscall.Unlink(p.f.path) // fails for another user's: skipped all the same
			}
			continue
		}
		r := recordIn(p.f)
		a := ahead{r.num, r.arrival, p.uid, p.f.path}
		switch {
		case p.uid == q.uid && (r.num > 0 || r.arrival > 0):
			l.own = append(l.own, a)
			l.arrival = max(l.arrival, r.arrival)
		case r.num > 0:
			l.others = append(l.others, a)
		default:
			continue // released, its lock held by someone else
		}
		l.last, floor = max(l.last, r.num), max(floor, r.floor)
	}
	for n, p := range q.others {
		if !seen[n] {
			p.f.close()
			delete(q.others, n)
		}
	}
	overran := func(a ahead) bool { return a.num > 0 && a.num < floor }
	l.own = slices.DeleteFunc(l.own, overran)
	slices.SortFunc(l.own, func(a, b ahead) int {
		// num-1: parked ones (0) after those in line.
		return cmp.Or(cmp.Compare(a.num-1, b.num-1), cmp.Compare(a.arrival, b.arrival))
	})
	// One place per user, whatever their slots say: the newest, since an
	// older one of theirs still in line has overrun.
	slices.SortFunc(l.others, func(a, b ahead) int {
		return cmp.Or(cmp.Compare(a.uid, b.uid), cmp.Compare(b.num, a.num))
	})
	l.others = slices.CompactFunc(l.others, func(a, b ahead) bool { return a.uid == b.uid })
	l.others = slices.DeleteFunc(l.others, overran)
	slices.SortFunc(l.others, func(a, b ahead) int { return cmp.Compare(a.num, b.num) })
	return l, nil
}

// write puts r and the owner's line in the slot.
func (s *slot) write(r record) error {
	second := r.floor
	if r.num == 0 {
		second = r.arrival
	}
	line := fmt.Sprintf("%016x %016x\n%s", r.num, second, owner())
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

// recordIn reads a slot's record: idle where it cannot be read, since a
// slot is written before it is made readable or its lock can be seen. A
// floor above the slot's own number is not believed.
func recordIn(f file) record {
	var b [recordLen]byte
	if n, _ := syscall.Pread(f.fd, b[:], 0); n != len(b) || b[16] != ' ' {
		return record{}
	}
	num, err1 := strconv.ParseUint(string(b[:16]), 16, 64)
	second, err2 := strconv.ParseUint(string(b[17:33]), 16, 64)
	if err1 != nil || err2 != nil {
		return record{}
	}
	if num == 0 {
		return record{arrival: second}
	}
	return record{num: num, floor: min(second, num)}
}

// turnWait is one Acquire's waiting.
type turnWait struct {
	ctx     context.Context
	start   time.Time
	maxTurn time.Duration
	wait    func(Waiting)
}

// until waits until none of before is still live as it was found: in
// line with its number, or parked with its arrival or in line since (own:
// this user's tickets, for a parked waiter). A ticket in line that stays
// first for maxTurn as this waiter saw it (of its own user's, that holds
// the turn that long), or below the floor of a later live ticket, has
// overrun and is waited for no longer.
func (w turnWait) until(before []ahead, own bool) error {
	if len(before) == 0 {
		return nil
	}
	// Own descriptors: look's are shared with the process's other joins.
	type live struct {
		ahead
		f       file
		holding bool
	}
	var ls []live
	defer func() {
		for i := range ls {
			ls[i].f.close()
		}
	}()
	for _, a := range before {
		if f, err := openFile(a.path, syscall.O_RDONLY, 0); err == nil {
			ls = append(ls, live{ahead: a, f: f})
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
			if l.num == 0 && r.num > 0 {
				l.num = r.num // parked when found, in line since
			}
			// Released, or its owner's next ticket behind this one.
			gone := r.num != l.num || r.num == 0 && r.arrival != l.arrival
			if !gone && flock(l.f, syscall.LOCK_EX|syscall.LOCK_NB) == nil {
				flock(l.f, syscall.LOCK_UN)
				gone = true
			}
			if gone {
				l.f.close()
				continue
			}
			l.holding = r.num > 0 && r.floor == r.num
			floor = max(floor, r.floor)
			still = append(still, l)
		}
		ls = still
		overran := ""
		for len(ls) > 0 {
			if ls[0].path != front || own && !ls[0].holding {
				front, frontAt = ls[0].path, time.Now()
			}
			if (ls[0].num == 0 || ls[0].num >= floor) && time.Since(frontAt) < w.maxTurn {
				break
			}
			overran = ownerOf(ls[0].f)
			ls[0].f.close()
			ls = ls[1:]
		}
		if len(ls) == 0 {
			if overran != "" && w.wait != nil {
				w.wait(Waiting{Overran: overran, MaxTurn: w.maxTurn, Waited: time.Since(w.start), Own: own})
			}
			return nil
		}
		if w.wait != nil && (overran != "" || len(ls) != said || time.Since(saidAt) >= time.Second) {
			said, saidAt = len(ls), time.Now()
			w.wait(Waiting{Ahead: len(ls), First: ownerOf(ls[0].f), Waited: time.Since(w.start), Own: own, Overran: overran, MaxTurn: w.maxTurn})
		}
		if tick == nil {
			tick = time.NewTicker(poll)
			defer tick.Stop()
		}
		select {
		case <-w.ctx.Done():
			return w.ctx.Err()
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
