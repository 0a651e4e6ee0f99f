package gpuqueue

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
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
	slotEnv  = "GPUQUEUE_TEST_SLOT"
)

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "sections":
		os.Exit(childSections())
	case "hold":
		os.Exit(childHold())
	case "open":
		if _, err := Open(os.Getenv(dirEnv), testKey); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "attack":
		os.Exit(childAttack())
	case "crowd":
		os.Exit(childCrowd())
	default:
		os.Exit(2)
	}
}

// childSections takes its turn reps times and logs "enter PID" and "leave
// PID" around each section, and "wait PID" when an Acquire starts waiting
// (the first Waiting with tickets ahead, which comes once its place is
// taken): appends to one file are ordered by the kernel, so the log is the
// true order of the sections, no clocks needed. The first Waiting of each
// Acquire is also said on stdout: "waiting AHEAD own=BOOL".
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
		waited := false
		t, err := q.Acquire(context.Background(), func(w Waiting) {
			if !waited && w.Ahead > 0 {
				waited = true
				fmt.Fprintf(log, "wait %d\n", os.Getpid())
				fmt.Printf("waiting %d own=%t\n", w.Ahead, w.Own)
			}
		})
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

// childAttack is another user's process against the slot GPUQUEUE_TEST_SLOT:
// it tries to remove and write it, then holds its lock, the registry's and
// a turn of its own, says what happened on one line and waits to be killed.
func childAttack() int {
	dir, victim := os.Getenv(dirEnv), os.Getenv(slotEnv)
	var said []string
	if err := os.Remove(victim); err != nil {
		said = append(said, "remove: "+errors.Unwrap(err).Error())
	}
	if _, err := os.OpenFile(victim, os.O_WRONLY, 0); err != nil {
		said = append(said, "write: "+errors.Unwrap(err).Error())
	}
	for _, p := range []string{victim, filepath.Join(dir, sanitize(testKey)+".lock")} {
		f, err := os.Open(p)
		if err == nil {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
		}
		if err != nil {
			fmt.Println("could not lock", p, err)
			return 1
		}
	}
	q, err := Open(dir, testKey)
	if err == nil {
		q.SetMaxTurn(time.Hour)
		_, err = q.Acquire(context.Background(), nil)
	}
	if err != nil {
		fmt.Println("no turn:", err)
		return 1
	}
	fmt.Println(strings.Join(append(said, "holding"), "; "))
	time.Sleep(time.Minute)
	return 0
}

// crowdSlots is how many places childCrowd claims.
const crowdSlots = 5

// childCrowd is a user who writes their own slots by hand: crowdSlots of
// them, locked, each claiming a place in line, its own number. It says
// "ready" and waits to be killed.
func childCrowd() int {
	dir := os.Getenv(dirEnv)
	var files []*os.File
	for i := range crowdSlots {
		path := filepath.Join(dir, fmt.Sprintf("%s.s.%d.crowd%d", sanitize(testKey), os.Getpid(), i))
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, err = fmt.Fprintf(f, "%016x %016x\ncrowd %d (pid %d)", i+1, 0, i, os.Getpid())
		}
		if err == nil {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		}
		if err != nil {
			fmt.Println("could not make a place:", err)
			return 1
		}
		files = append(files, f)
	}
	fmt.Println("ready")
	time.Sleep(time.Minute)
	runtime.KeepAlive(files) // their locks: a collected os.File closes
	return 0
}

func child(t *testing.T, ctx context.Context, mode, dir string, extra ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{childEnv + "=" + mode, dirEnv + "=" + dir}, extra...)...)
	cmd.Stderr = os.Stderr
	return cmd
}

// sections reads the children's log: the pid of each section in order,
// after checking that no two overlap ("wait" lines may come anywhere).
func sections(t *testing.T, logPath string) (pids []string, lines [][]string) {
	t.Helper()
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	in := ""
	for i, l := range strings.Split(strings.TrimSpace(string(log)), "\n") {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("log line %d: %q", i+1, l)
		}
		lines = append(lines, f)
		switch {
		case f[0] == "enter" && in == "":
			in = f[1]
			pids = append(pids, in)
		case f[0] == "leave" && in == f[1]:
			in = ""
		case f[0] != "wait":
			t.Fatalf("sections overlap at log line %d: %q while %q holds the turn", i+1, l, in)
		}
	}
	return pids, lines
}

// sharedLog is a log file every user can append to.
func sharedLog(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "log")
	if err := os.WriteFile(p, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o666); err != nil { // whatever the umask
		t.Fatal(err)
	}
	return p
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

// slotState is a live slot's owner and record.
type slotState struct {
	uid uint32
	r   record
}

// liveSlots reads the live slots in dir.
func liveSlots(t *testing.T, dir string) []slotState {
	t.Helper()
	names, err := readNames(dir)
	if err != nil {
		t.Fatal(err)
	}
	var live []slotState
	for _, n := range names {
		if !strings.Contains(n, ".s.") {
			continue
		}
		f, err := openFile(filepath.Join(dir, n), syscall.O_RDONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		var st syscall.Stat_t
		if err := syscall.Fstat(f.fd, &st); err != nil {
			t.Fatal(err)
		}
		if flock(f, syscall.LOCK_EX|syscall.LOCK_NB) != nil {
			live = append(live, slotState{st.Uid, recordIn(f)})
		}
		f.close()
	}
	return live
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
// want tickets of this user ahead of it (parked: they are this process's).
// got receives the ticket.
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
		if w.Ahead != want || !w.Own || !strings.Contains(w.First, fmt.Sprintf("(pid %d)", os.Getpid())) {
			t.Fatalf("waiting: %+v, want %d of its own ahead, first this process", w, want)
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

// One user's waiters (here goroutines of one process) park behind each
// other and get their turns in the order they came, one at a time.
func TestOneUsersTurnsInArrivalOrder(t *testing.T) {
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
	if err := os.WriteFile(stale, []byte("0000000000000007 0000000000000000\nghost (pid 999999999)"), 0o644); err != nil {
		t.Fatal(err)
	}
	tk := mustAcquire(t, q)
	defer tk.Release()
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale slot not removed: %v", err)
	}
	if num := recordIn(tk.s.f).num; num != 1 {
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
	pids, _ := sections(t, logPath)
	count := map[string]int{}
	for _, pid := range pids {
		count[pid]++
	}
	if len(pids) != procs*reps || len(count) != procs {
		t.Fatalf("%d sections from %d processes, want %d from %d", len(pids), len(count), procs*reps, procs)
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
	if line := firstLine(t, cmd, "holder"); line != "held" {
		t.Fatalf("holder said %q", line)
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
		if w.Ahead != 1 || !w.Own || !strings.Contains(w.First, fmt.Sprintf("(pid %d)", cmd.Process.Pid)) {
			t.Errorf("waiting %+v, want 1 of its own user ahead: the holder, pid %d", w, cmd.Process.Pid)
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

// nobody is the other user of the multi-user tests (run as root).
const nobody = 65534

// otherUser prepares a base directory standing for /tmp (world-writable,
// sticky) holding a copy of this test binary that nobody can run, under a
// umask that would keep files private. It skips without root.
func otherUser(t *testing.T) (base, exe string) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("needs root to run a child as another user")
	}
	old := syscall.Umask(0o077)
	t.Cleanup(func() { syscall.Umask(old) })
	base, err := os.MkdirTemp("", "gpuqueue-users")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	exe = filepath.Join(base, "gpuqueue.test")
	src, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, src, 0o755); err != nil {
		t.Fatal(err)
	}
	for p, mode := range map[string]os.FileMode{base: 0o777 | os.ModeSticky, exe: 0o755} {
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	return base, exe
}

// firstLine starts cmd and returns the first line it prints (without
// the newline); the test fails if it ends before saying one.
func firstLine(t *testing.T, cmd *exec.Cmd, who string) string {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	said, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("%s said %q: %v", who, said, err)
	}
	return strings.TrimSuffix(said, "\n")
}

// asUser is a child of exe in mode, run as uid.
func asUser(ctx context.Context, exe string, uid int, mode, dir string, extra ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{childEnv + "=" + mode, dirEnv + "=" + dir}, extra...)...)
	cmd.Stderr = os.Stderr
	if uid != os.Getuid() {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}}
	}
	return cmd
}

// Two users share the queue (run as root: the second user is nobody), with
// a umask that would keep their files private: A (root) times in three
// processes at once, B (nobody) in one. Everybody finishes (nobody
// starves), no two sections overlap, and each time B waits, at most one of
// A's sections starts before B's: A has one place in line, not three.
func TestUsersTakeTurns(t *testing.T) {
	base, exe := otherUser(t)
	logPath := sharedLog(t, base)
	// Made by root, as the hub does: nobody refuses another user's.
	dir := filepath.Join(base, "queue")
	if _, err := Open(dir, testKey); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const reps = 15
	var cmds []*exec.Cmd
	for _, uid := range []int{0, 0, 0, nobody} {
		cmd := asUser(ctx, exe, uid, "sections", dir, logEnv+"="+logPath, fmt.Sprintf("%s=%d", repsEnv, reps))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child %d: %v (starved or failed)", i, err)
		}
	}
	pids, lines := sections(t, logPath)
	if len(pids) != 4*reps {
		t.Fatalf("%d sections, want %d", len(pids), 4*reps)
	}
	b := strconv.Itoa(cmds[3].Process.Pid)
	waits := 0
	for i, l := range lines {
		if l[0] != "wait" || l[1] != b {
			continue
		}
		waits++
		var others []string // sections of A that start before B's
		for _, m := range lines[i+1:] {
			if m[0] == "enter" && m[1] == b {
				break
			}
			if m[0] == "enter" {
				others = append(others, m[1])
			}
		}
		if len(others) > 1 {
			t.Errorf("B waited (log line %d) for %d of A's sections (pids %v), want at most one", i+1, len(others), others)
		}
	}
	t.Logf("B waited %d times of %d", waits, reps)
}

// A user timing in several processes holds up another user for one turn,
// not for all of theirs: A (root) holds the turn with three more of its
// processes parked behind it, each told how many of its own are ahead; B
// (nobody) comes, is told one ticket is ahead, and goes next; then A's in
// the order they came.
func TestUsersRoundRobin(t *testing.T) {
	base, exe := otherUser(t)
	logPath := sharedLog(t, base)
	dir := filepath.Join(base, "queue")
	q, err := Open(dir, testKey)
	if err != nil {
		t.Fatal(err)
	}
	holder := mustAcquire(t, q)
	defer holder.Release()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := func(uid int) (*exec.Cmd, string) {
		t.Helper()
		cmd := asUser(ctx, exe, uid, "sections", dir, logEnv+"="+logPath, repsEnv+"=1")
		return cmd, strings.TrimSpace(firstLine(t, cmd, fmt.Sprintf("child of uid %d", uid)))
	}
	var cmds []*exec.Cmd
	for i := range 3 {
		cmd, said := start(0)
		if want := fmt.Sprintf("waiting %d own=true", i+1); said != want {
			t.Fatalf("A's process %d: %q, want %q", i, said, want)
		}
		cmds = append(cmds, cmd)
	}
	var inLine, parked int
	for _, s := range liveSlots(t, dir) {
		switch {
		case s.uid != 0:
			t.Errorf("a live slot of uid %d", s.uid)
		case s.r.num > 0:
			inLine++
		case s.r.arrival > 0:
			parked++
		}
	}
	if inLine != 1 || parked != 3 {
		t.Fatalf("A has %d tickets in line and %d parked, want 1 (the holder) and 3", inLine, parked)
	}
	b, said := start(nobody)
	if said != "waiting 1 own=false" {
		t.Fatalf("B: %q, want one ahead: A's holder", said)
	}
	cmds = append([]*exec.Cmd{b}, cmds...)
	holder.Release()
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child %d: %v", i, err)
		}
	}
	pids, _ := sections(t, logPath)
	var want []string
	for _, c := range cmds {
		want = append(want, strconv.Itoa(c.Process.Pid))
	}
	if !slices.Equal(pids, want) {
		t.Fatalf("sections in the order %v, want B then A's in their order: %v", pids, want)
	}
}

// A user who writes places in line into their own slots by hand gets one
// place in another user's wait however many they make: the joiner counts
// the newest, waits for it a turn's length, and goes on.
func TestManySlotsOfOneUserCountOnce(t *testing.T) {
	base, exe := otherUser(t)
	dir := filepath.Join(base, "queue")
	q, err := Open(dir, testKey)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := asUser(ctx, exe, nobody, "crowd", dir)
	said := firstLine(t, cmd, "the crowd")
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	if said != "ready" {
		t.Fatalf("the crowd said %q", said)
	}
	if n := len(liveSlots(t, dir)); n != crowdSlots {
		t.Fatalf("%d live slots, want the crowd's %d", n, crowdSlots)
	}
	q.SetMaxTurn(100 * time.Millisecond)
	var ws []Waiting
	tk, err := q.Acquire(ctx, func(w Waiting) { ws = append(ws, w) })
	if err != nil {
		t.Fatal(err)
	}
	tk.Release()
	overran := 0
	for _, w := range ws {
		if w.Ahead > 1 {
			t.Errorf("waiting %+v: more than the crowd's one place ahead", w)
		}
		if w.Overran != "" {
			overran++
		}
	}
	if len(ws) == 0 || ws[0].Ahead != 1 || !strings.Contains(ws[0].First, fmt.Sprintf("crowd %d", crowdSlots-1)) || overran != 1 {
		t.Fatalf("waiting %+v, want one ahead (the newest of the crowd), passed over once", ws)
	}
}

// Users who arrive together at a missing queue directory never find it
// half made: the old MkdirAll-then-Chmod let a second user in between,
// who got EPERM. Whoever comes first owns it; nobody's processes open
// root's, and root's refuse nobody's, saying why.
func TestUsersMakeTheDirectoryTogether(t *testing.T) {
	base, exe := otherUser(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for round := range 8 {
		dir := filepath.Join(base, fmt.Sprintf("queue%d", round))
		var cmds []*exec.Cmd
		var errs []*strings.Builder
		for i := range 4 {
			cmd := asUser(ctx, exe, []int{0, nobody}[i%2], "open", dir)
			var b strings.Builder
			cmd.Stderr = &b
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds, errs = append(cmds, cmd), append(errs, &b)
		}
		var res []error
		for _, c := range cmds {
			res = append(res, c.Wait())
		}
		st, err := os.Stat(dir)
		if err != nil || st.Mode()&(os.ModeSticky|0o777) != os.ModeSticky|0o777 {
			t.Fatalf("round %d: %v %v, want drwxrwxrwt", round, st.Mode(), err)
		}
		rootOwns := st.Sys().(*syscall.Stat_t).Uid == 0
		for i, err := range res {
			refused := i%2 == 0 && !rootOwns && strings.Contains(errs[i].String(), "belongs to user 65534")
			if err != nil && !refused {
				t.Fatalf("round %d, child %d (uid %d) could not open the queue: %v %s", round, i, []int{0, nobody}[i%2], err, errs[i])
			}
		}
	}
	if left, _ := filepath.Glob(filepath.Join(base, ".queue*")); len(left) != 0 {
		t.Errorf("temporary directories left: %v", left)
	}
}

// A directory that another ordinary user owns is refused: its owner could
// remove everybody's slots.
func TestDirectoryOfAnotherUserRefused(t *testing.T) {
	base, _ := otherUser(t)
	dir := filepath.Join(base, "queue")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, testKey); err == nil || !strings.Contains(err.Error(), "belongs to user 65534") {
		t.Fatalf("Open of another user's directory: %v", err)
	}
}

// A holder that keeps its turn past the limit is passed over with its name
// said, and a later joiner does not wait for it again.
func TestOverrunHolderPassedOver(t *testing.T) {
	q := open(t)
	holder := mustAcquire(t, q) // never released in time: a hung or hostile cell
	defer holder.Release()
	q.SetMaxTurn(100 * time.Millisecond)
	var overran []Waiting
	next, err := q.Acquire(context.Background(), func(w Waiting) {
		if w.Overran != "" {
			overran = append(overran, w)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	me := fmt.Sprintf("(pid %d)", os.Getpid())
	if len(overran) != 1 || !strings.Contains(overran[0].Overran, me) || overran[0].MaxTurn != 100*time.Millisecond {
		t.Fatalf("overrun reports %+v, want one naming the holder %s", overran, me)
	}
	// A later joiner waits for the new holder only, however long its own
	// limit: the old holder is below the new one's floor.
	q.SetMaxTurn(time.Hour)
	got, _ := waiter(t, context.Background(), q, 1)
	next.Release()
	select {
	case tk := <-got:
		tk.Release()
	case <-time.After(30 * time.Second):
		t.Fatal("the later joiner waited for the holder that had overrun")
	}
}

// Another user can neither remove nor write this user's slot, and holding
// its lock or the registry's does not keep this user from its turns.
func TestOtherUserCannotTakeAPlace(t *testing.T) {
	base, exe := otherUser(t)
	dir := filepath.Join(base, "queue")
	q, err := Open(dir, testKey)
	if err != nil {
		t.Fatal(err)
	}
	q.SetMaxTurn(200 * time.Millisecond)
	mustAcquire(t, q).Release() // an idle slot of this process
	mine, _ := slots(t, q)
	if len(mine) != 1 {
		t.Fatalf("slots %v, want one", mine)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := asUser(ctx, exe, nobody, "attack", dir, slotEnv+"="+filepath.Join(dir, mine[0]))
	said := firstLine(t, cmd, "the attacker")
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	for _, want := range []string{"remove: operation not permitted", "write: permission denied", "holding"} {
		if !strings.Contains(said, want) {
			t.Errorf("attacker: %q, want %q", said, want)
		}
	}
	// It holds this process's idle slot's lock, the registry's, and a
	// turn of its own: this process still gets its turns.
	for range 2 {
		tk, err := q.Acquire(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		tk.Release()
	}
	if _, err := os.Stat(filepath.Join(dir, mine[0])); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the slot whose lock another user held is still in the queue: %v", err)
	}
}
