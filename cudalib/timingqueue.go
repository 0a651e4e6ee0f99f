package cudalib

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/culab/culab/cudalib/gpuqueue"
)

// Timed sections on a GPU (Time, TimeWith, TimeFunc, and so the labs)
// and hardware profiles (HardwareProfile: ncu replays the launch) take
// turns with other processes and users through package gpuqueue, keyed by
// the GPU's UUID, for the whole section: warm-up and every timed launch. Untimed launches do not queue, nor does the virtual GPU, whose
// times are modeled from counters and do not depend on who else runs.
//
// Within a process the turn is shared: the process holds the GPU while any
// of its timed sections runs, so a section nested in another (TimeFunc
// whose work calls Time) or running beside it in another goroutine never
// waits for its own process. Where the queue cannot be used (its directory
// not writable), timing goes on without it and says so once.
//
// CULAB_GPU_QUEUE_DIR (gpuqueue.EnvDir) moves the queue; "off" turns it
// off, to measure without it.
//
// A turn lasts at most CULAB_GPU_TURN_MAX (EnvTurnMax; default
// gpuqueue.DefaultMaxTurn): then the process gives the turn up, says so,
// and the timed section ends with an error (errTurnOver), since the next
// user's work may share its times; a profile goes on, said so. Waiting
// processes pass a holder that keeps its turn longer (a hung or hostile
// one) after the same limit, as they count it.

// EnvTurnMax is the longest turn on a GPU: a Go duration ("10s") or
// seconds ("10").
const EnvTurnMax = "CULAB_GPU_TURN_MAX"

// maxTurn is EnvTurnMax's value, gpuqueue.DefaultMaxTurn when unset or
// unreadable (said once).
func maxTurn() time.Duration {
	v := strings.TrimSpace(os.Getenv(EnvTurnMax))
	if v == "" {
		return gpuqueue.DefaultMaxTurn
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		if secs, ferr := strconv.ParseFloat(v, 64); ferr == nil {
			d, err = time.Duration(secs*float64(time.Second)), nil
		}
	}
	if err != nil || d <= 0 {
		turnMaxWarn.Do(func() {
			notice("%s=%q is not a duration (e.g. 10s); the turn limit is %s", EnvTurnMax, v, gpuqueue.DefaultMaxTurn)
		})
		return gpuqueue.DefaultMaxTurn
	}
	return d
}

var turnMaxWarn sync.Once

// EnvQueueLog, when set to a file, makes every turn on a GPU append
// "enter PID UNIXNANO" and "leave PID UNIXNANO" lines to it, so that turns
// can be checked for overlap (bench/queuebench/queuecheck does).
const EnvQueueLog = "CULAB_GPU_QUEUE_LOG"

var turns struct {
	mu     sync.Mutex
	holds  map[string]*turn
	queues sync.Map // dir+"\x00"+key → *gpuqueue.Queue: opened (directory checked) once
	warned bool
}

// turn is one process's hold of a GPU's queue, shared by its sections.
type turn struct {
	key    string
	users  int           // sections inside or waiting for it
	ready  chan struct{} // closed once ticket or err is set
	ticket *gpuqueue.Ticket
	err    error
	limit  *time.Timer   // gives the turn up at its maximum length
	over   time.Duration // set when it did: the limit
}

// hold is a section's share of a turn (nil t: no queue).
type hold struct{ t *turn }

// errTurnOver is why a timed section that outlasted its turn fails.
func errTurnOver(limit time.Duration) error {
	return fmt.Errorf("the GPU's turn ended: this timed section held the GPU for more than %s (%s), so the next user's work went on and may share these times; time less work per section or fewer repetitions", limit, EnvTurnMax)
}

// over is errTurnOver once the turn was given up, else nil.
func (h hold) over() error {
	if h.t == nil {
		return nil
	}
	turns.mu.Lock()
	defer turns.mu.Unlock()
	if h.t.over > 0 {
		return errTurnOver(h.t.over)
	}
	return nil
}

// release ends the section's share, with over's error.
func (h hold) release() error {
	if h.t == nil {
		return nil
	}
	err := h.over()
	leave(h.t)
	return err
}

// takeTurn waits for this GPU's turn; release ends it. An interrupt of
// the cell ends the wait with an error.
func (d *Device) takeTurn() (hold, error) {
	dir, on := gpuqueue.Dir()
	if !d.b.Hardware() || !on {
		return hold{}, nil
	}
	key := d.info.UUID
	if key == "" { // a driver without cuDeviceGetUuid
		key = fmt.Sprintf("%s-%d", d.info.Name, d.ordinal)
	}
	turns.mu.Lock()
	if turns.holds == nil {
		turns.holds = map[string]*turn{}
	}
	t := turns.holds[key]
	if t == nil {
		t = &turn{key: key, ready: make(chan struct{})}
		turns.holds[key] = t
		t.users++
		turns.mu.Unlock()
		ticket, err := d.queueFor(dir, key)
		turns.mu.Lock()
		t.ticket, t.err = ticket, err
		if err != nil {
			forget(t) // the next section tries afresh
		} else {
			limit := maxTurn()
			t.limit = time.AfterFunc(limit, func() { giveUp(t, limit) })
		}
		turns.mu.Unlock()
		close(t.ready)
	} else {
		t.users++
		turns.mu.Unlock()
		select {
		case <-t.ready:
		case <-interruptContext().Done():
			leave(t)
			return hold{}, checkInterrupt()
		}
	}
	if t.err != nil {
		if ierr := checkInterrupt(); ierr != nil {
			leave(t)
			return hold{}, fmt.Errorf("waiting for the GPU: %w", ierr)
		}
		turns.mu.Lock()
		warn := !turns.warned
		turns.warned = true
		turns.mu.Unlock()
		if warn {
			notice("timing without the GPU queue, so other users' work on this GPU may share the measured time: %v", t.err)
		}
	}
	return hold{t}, nil
}

// leave ends one section's share of t; the last one out releases the turn.
func leave(t *turn) {
	turns.mu.Lock()
	defer turns.mu.Unlock()
	t.users--
	if t.users > 0 {
		return
	}
	forget(t)
	if t.limit != nil {
		t.limit.Stop()
	}
	end(t)
}

// giveUp ends t's turn at its maximum length, while its sections still
// run: they fail as they end (hold.over), and the next section of this
// process queues afresh.
func giveUp(t *turn, limit time.Duration) {
	turns.mu.Lock()
	defer turns.mu.Unlock()
	if t.ticket == nil {
		return // left meanwhile
	}
	t.over = limit
	forget(t)
	end(t)
	notice("the GPU's turn ended after %s (%s): the next user goes on; the timed section that holds it will fail", limit, EnvTurnMax)
}

// end releases t's ticket, once; turns.mu is held.
func end(t *turn) {
	if t.ticket != nil {
		queueLog("leave")
		t.ticket.Release()
		t.ticket = nil
	}
}

// forget makes the next section take a new turn; turns.mu is held.
func forget(t *turn) {
	if turns.holds[t.key] == t {
		delete(turns.holds, t.key)
	}
}

// queueFor waits in dir's queue of key, showing a live line while it
// waits.
func (d *Device) queueFor(dir, key string) (*gpuqueue.Ticket, error) {
	id := dir + "\x00" + key
	v, ok := turns.queues.Load(id)
	if !ok {
		q, err := gpuqueue.Open(dir, key)
		if err != nil {
			return nil, err
		}
		v, _ = turns.queues.LoadOrStore(id, q)
	}
	q := v.(*gpuqueue.Queue)
	q.SetMaxTurn(maxTurn())
	line := waitLine{name: d.info.Name}
	ctx := interruptContext()
	t, err := q.Acquire(ctx, line.show)
	line.done(err)
	switch {
	case err == nil:
		queueLog("enter")
	case ctx.Err() == nil:
		turns.queues.Delete(id) // open afresh next time: the directory may be gone
	}
	return t, err
}

// waitLine is the "waiting for the GPU" line among the notices: redrawn in
// place with a carriage return, which terminals and Jupyter's stream
// output both honour.
type waitLine struct {
	name  string
	width int // of the last line drawn, to blank what is left of it
	start time.Time
}

func (l *waitLine) show(w gpuqueue.Waiting) {
	if l.width == 0 {
		l.start = time.Now().Add(-w.Waited)
	}
	if w.Overran != "" {
		l.draw(fmt.Sprintf("%s held the GPU (%s) longer than a turn may last (%s): going on without waiting for it", w.Overran, l.name, w.MaxTurn), "\n")
		l.width = 1 // the line was ended; a next one starts afresh
		if w.Ahead == 0 {
			return
		}
	}
	whose := ""
	if w.Own {
		whose = ", yours (one place in line per user)"
	}
	l.draw(fmt.Sprintf("waiting for the GPU (%s): %d ahead of you%s, first %s; %.0f s so far",
		l.name, w.Ahead, whose, w.First, w.Waited.Seconds()), "")
}

func (l *waitLine) done(err error) {
	if l.width == 0 {
		return
	}
	how := "got the GPU"
	if err != nil {
		how = "stopped waiting for the GPU"
	}
	l.draw(fmt.Sprintf("%s after %.1f s of waiting", how, time.Since(l.start).Seconds()), "\n")
}

func (l *waitLine) draw(s, end string) {
	n := utf8.RuneCountInString(s)
	pad := max(0, l.width-n)
	l.width = max(1, n)
	noticeMu.Lock()
	defer noticeMu.Unlock()
	io.WriteString(noticeW, "\r"+s+strings.Repeat(" ", pad)+end)
}

// interruptContext is the context that interrupts the running cell.
func interruptContext() context.Context {
	interruptMu.Lock()
	defer interruptMu.Unlock()
	return interruptCtx
}

// queueLog appends a turn's edge to EnvQueueLog's file, if set; appends
// of one line are atomic, so processes may share the file.
func queueLog(edge string) {
	path := os.Getenv(EnvQueueLog)
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintf(f, "%s %d %d\n", edge, os.Getpid(), time.Now().UnixNano())
	f.Close()
}
