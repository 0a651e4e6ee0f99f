package gpuqueue

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const testKey = "GPU-0000-test"

// The multi-process tests run this test binary as their children: with
// childEnv set, TestMain plays a child instead of running the tests.
const (
	childEnv = "GPUQUEUE_TEST_CHILD" // "sections" or "hold"
	dirEnv   = "GPUQUEUE_TEST_DIR"
	logEnv   = "GPUQUEUE_TEST_LOG"
	repsEnv  = "GPUQUEUE_TEST_REPS"
)

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "sections":
		os.Exit(childSections())
	case "hold":
		os.Exit(childHold())
	default:
		os.Exit(2)
	}
}

// childSections takes its turn reps times and logs "enter PID" and "leave
// PID" around each section: appends to one file are ordered by the kernel,
// so the log is the true order of the sections, no clocks needed.
func childSections() int {
	q, err := Open(os.Getenv(dirEnv), testKey)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	log, err := os.OpenFile(os.Getenv(logEnv), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	reps, _ := strconv.Atoi(os.Getenv(repsEnv))
	for range reps {
		t, err := q.Acquire(context.Background(), nil)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Fprintf(log, "enter %d\n", os.Getpid())
		time.Sleep(time.Millisecond) // the "kernel"
		fmt.Fprintf(log, "leave %d\n", os.Getpid())
		if err := t.Release(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// childHold takes its turn, says so and keeps it until killed.
func childHold() int {
	q, err := Open(os.Getenv(dirEnv), testKey)
	if err == nil {
		_, err = q.Acquire(context.Background(), nil)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println("held")
	time.Sleep(time.Minute)
	return 0
}

func child(t *testing.T, ctx context.Context, mode, dir string, extra ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{childEnv + "=" + mode, dirEnv + "=" + dir}, extra...)...)
	cmd.Stderr = os.Stderr
	return cmd
}

func open(t *testing.T) *Queue {
	t.Helper()
	q, err := Open(t.TempDir(), testKey)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// slots lists the queue's slot files, and which of them are live (locked).
func slots(t *testing.T, q *Queue) (all, live []string) {
	t.Helper()
	names, err := readNames(q.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, ok := q.slotOf(n); !ok {
			continue
		}
		all = append(all, n)
		f, err := openFile(filepath.Join(q.dir, n), syscall.O_RDONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if flock(f, syscall.LOCK_EX|syscall.LOCK_NB) != nil {
			live = append(live, n)
		}
		f.close()
	}
	return all, live
}

func mustAcquire(t *testing.T, q *Queue) *Ticket {
	t.Helper()
	tk, err := q.Acquire(context.Background(), func(w Waiting) { t.Errorf("waited with nobody else in the queue: %+v", w) })
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// waiter starts an Acquire in a goroutine and returns once it waits with
// want tickets ahead of it. got receives the ticket.
func waiter(t *testing.T, ctx context.Context, q *Queue, want int) (got chan *Ticket, errc chan error) {
	t.Helper()
	got, errc = make(chan *Ticket, 1), make(chan error, 1)
	waiting := make(chan Waiting, 1)
	var once sync.Once
	go func() {
		tk, err := q.Acquire(ctx, func(w Waiting) { once.Do(func() { waiting <- w }) })
		if err != nil {
			errc <- err
			return
		}
		got <- tk
	}()
	select {
	case w := <-waiting:
		if w.Ahead != want || !strings.Contains(w.First, fmt.Sprintf("(pid %d)", os.Getpid())) {
			t.Fatalf("waiting: %+v, want %d ahead, first this process", w, want)
		}
	case tk := <-got:
		t.Fatalf("got the turn without waiting: %v", tk.s.f.path)
	case err := <-errc:
		t.Fatal(err)
	}
	return got, errc
}

// A process's turns reuse its slot, and a released slot is idle.
func TestTurnsReuseSlot(t *testing.T) {
	q := open(t)
	for range 3 {
		mustAcquire(t, q).Release()
	}
	if all, live := slots(t, q); len(all) != 1 || len(live) != 0 {
		t.Fatalf("slots after three turns: %v, live %v; want one idle", all, live)
	}
	st, err := os.Stat(q.dir)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&(os.ModeSticky|0o777) != os.ModeSticky|0o777 {
		t.Errorf("queue directory mode %v, want drwxrwxrwt", st.Mode())
	}
}

// Waiters get their turns in the order they came, one at a time.
func TestFIFO(t *testing.T) {
	q := open(t)
	first := mustAcquire(t, q)
	const n = 5
	gots := make([]chan *Ticket, n)
	for i := range gots {
		gots[i], _ = waiter(t, context.Background(), q, i+1)
	}
	held := first
	for i, got := range gots {
		held.Release()
		select {
		case held = <-got:
		case <-time.After(10 * time.Second):
			t.Fatalf("waiter %d never got its turn", i)
		}
		for j := i + 1; j < n; j++ {
			select {
			case <-gots[j]:
				t.Fatalf("waiter %d got a turn while waiter %d held it", j, i)
			default:
			}
		}
	}
	held.Release()
}

// A slot whose process died (its file is there, its lock is not) is
// skipped and removed.
func TestStaleSlotSkipped(t *testing.T) {
	q := open(t)
	stale := filepath.Join(q.dir, q.key+".s.999999999.dead")
	if err := os.WriteFile(stale, []byte("0000000000000007\nghost (pid 999999999)"), 0o644); err != nil {
		t.Fatal(err)
	}
	tk := mustAcquire(t, q)
	defer tk.Release()
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale slot not removed: %v", err)
	}
	if num := ticketIn(tk.s.f); num != 1 {
		t.Errorf("ticket %d, want 1: a dead process's number does not count", num)
	}
}

// A cancelled wait returns promptly, leaves the queue and holds up nobody.
func TestInterruptWhileWaiting(t *testing.T) {
	q := open(t)
	first := mustAcquire(t, q)
	ctx, cancel := context.WithCancel(context.Background())
	_, errc := waiter(t, ctx, q, 1)
	cancel()
	select {
	case err := <-errc:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled wait returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("cancelled wait did not return")
	}
	if _, live := slots(t, q); len(live) != 1 || filepath.Join(q.dir, live[0]) != first.s.f.path {
		t.Fatalf("live slots after the cancelled wait: %v, want only the holder's", live)
	}
	first.Release()
	mustAcquire(t, q).Release()
}

// Reentrancy: every Acquire is a waiter of its own, also in one process;
// a second Acquire while holding waits (here until its deadline).
func TestSecondAcquireInProcessWaits(t *testing.T) {
	q := open(t)
	first := mustAcquire(t, q)
	defer first.Release()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if tk, err := q.Acquire(ctx, nil); !errors.Is(err, context.DeadlineExceeded) {
		tk.Release()
		t.Fatalf("second Acquire while holding: %v, want it to wait", err)
	}
}

// Four processes take their turns 25 times each: no two sections overlap
// and all of them finish.
func TestProcessesTakeTurns(t *testing.T) {
	const procs, reps = 4, 25
	dir := t.TempDir()
	logPath := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(logPath, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmds := make([]*exec.Cmd, procs)
	for i := range cmds {
		cmds[i] = child(t, ctx, "sections", dir, logEnv+"="+logPath, fmt.Sprintf("%s=%d", repsEnv, reps))
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child %d: %v (starved or failed)", i, err)
		}
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	count := map[string]int{}
	for i := 0; i+1 < len(lines); i += 2 {
		enter, leave := strings.Fields(lines[i]), strings.Fields(lines[i+1])
		if len(enter) != 2 || len(leave) != 2 || enter[0] != "enter" || leave[0] != "leave" || enter[1] != leave[1] {
			t.Fatalf("sections overlap at log lines %d-%d: %q, %q", i+1, i+2, lines[i], lines[i+1])
		}
		count[enter[1]]++
	}
	if len(lines) != 2*procs*reps || len(count) != procs {
		t.Fatalf("%d log lines from %d processes, want %d from %d", len(lines), len(count), 2*procs*reps, procs)
	}
	for pid, n := range count {
		if n != reps {
			t.Errorf("process %s had %d sections, want %d", pid, n, reps)
		}
	}
}

// A holder killed in its section frees the queue: the kernel drops its
// lock, and the waiter skips its ticket.
func TestKilledHolderFreesQueue(t *testing.T) {
	q := open(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := child(t, ctx, "hold", q.dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "held\n" {
		t.Fatalf("holder said %q, %v", line, err)
	}
	got := make(chan *Ticket, 1)
	errc := make(chan error, 1)
	waiting := make(chan Waiting, 1)
	var once sync.Once
	go func() {
		tk, err := q.Acquire(ctx, func(w Waiting) { once.Do(func() { waiting <- w }) })
		if err != nil {
			errc <- err
			return
		}
		got <- tk
	}()
	select {
	case w := <-waiting:
		if w.Ahead != 1 || !strings.Contains(w.First, fmt.Sprintf("(pid %d)", cmd.Process.Pid)) {
			t.Errorf("waiting %+v, want 1 ahead: the holder, pid %d", w, cmd.Process.Pid)
		}
	case <-got:
		t.Fatal("got the turn while the holder lived")
	case err := <-errc:
		t.Fatal(err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	select {
	case tk := <-got:
		tk.Release()
	case err := <-errc:
		t.Fatal(err)
	}
	mustAcquire(t, q).Release() // the next joiner removes the dead slot
	if all, _ := slots(t, q); len(all) != 1 {
		t.Errorf("slots left: %v, want this process's one", all)
	}
}

// Two users share the queue (run as root: the second user is nobody), with
// a umask that would keep their files private.
func TestUsersTakeTurns(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to run a child as another user")
	}
	defer syscall.Umask(syscall.Umask(0o077))
	// Everything the other user touches must be reachable by it.
	base, err := os.MkdirTemp("", "gpuqueue-users")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(base)
	exe := filepath.Join(base, "gpuqueue.test")
	logPath := filepath.Join(base, "log")
	src, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, src, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logPath, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	// base stands for /tmp (world-writable, sticky): whichever user comes
	// first makes the queue's directory in it.
	for p, mode := range map[string]os.FileMode{base: 0o777 | os.ModeSticky, exe: 0o755, logPath: 0o666} {
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(base, "queue") // made by whichever user comes first
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const reps = 20
	var cmds []*exec.Cmd
	for i := range 3 {
		cmd := exec.CommandContext(ctx, exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"=sections", dirEnv+"="+dir, logEnv+"="+logPath, fmt.Sprintf("%s=%d", repsEnv, reps))
		cmd.Stderr = os.Stderr
		if i > 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child %d: %v", i, err)
		}
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	if len(lines) != 2*3*reps {
		t.Fatalf("%d log lines, want %d", len(lines), 2*3*reps)
	}
	for i := 0; i < len(lines); i += 2 {
		enter, leave := strings.Fields(lines[i]), strings.Fields(lines[i+1])
		if enter[0] != "enter" || leave[0] != "leave" || enter[1] != leave[1] {
			t.Fatalf("sections overlap at log lines %d-%d: %q, %q", i+1, i+2, lines[i], lines[i+1])
		}
	}
}
