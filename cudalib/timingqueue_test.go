package cudalib

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/culab/culab/cudalib/gpuqueue"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/virtual"
)

// queueDevice is a GPU Device as far as the timing queue looks.
func queueDevice(t *testing.T) (*Device, string) {
	dir := t.TempDir()
	t.Setenv(gpuqueue.EnvDir, dir)
	return &Device{b: &fakeBackend{}, info: Info{Name: "Test GPU", UUID: "GPU-1234"}}, dir
}

// queueFiles lists the live (locked) slot files of the queue in dir.
func queueFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".lock") {
			continue
		}
		f, err := os.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
			names = append(names, e.Name())
		}
		f.Close()
	}
	return names
}

// A process's own sections share its turn: a nested one does not wait.
func TestTurnSharedWithinProcess(t *testing.T) {
	d, dir := queueDevice(t)
	outer, err := d.takeTurn()
	if err != nil {
		t.Fatal(err)
	}
	inner, err := d.takeTurn()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(queueFiles(t, dir)); n != 1 {
		t.Errorf("%d live slots while nested, want the process's one", n)
	}
	inner.release()
	if n := len(queueFiles(t, dir)); n != 1 {
		t.Errorf("inner release let the turn go: %d live slots", n)
	}
	outer.release()
	if f := queueFiles(t, dir); len(f) != 0 {
		t.Errorf("live slots after the last release: %v", f)
	}
	turns.mu.Lock()
	defer turns.mu.Unlock()
	if len(turns.holds) != 0 {
		t.Errorf("the process still holds a turn after its last section: %v", turns.holds)
	}
}

// Waiting shows a live line among the notices, and an interrupt ends it.
func TestTurnWaitShowsLineAndInterrupts(t *testing.T) {
	d, dir := queueDevice(t)
	q, err := gpuqueue.Open(dir, d.info.UUID)
	if err != nil {
		t.Fatal(err)
	}
	other, err := q.Acquire(context.Background(), nil) // another process's turn, as the queue sees it: of this user
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	var mu sync.Mutex
	var said bytes.Buffer
	defer SetNotices(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return said.Write(p)
	}))()
	ctx, cancel := context.WithCancel(context.Background())
	defer SetContext(ctx)()
	errc := make(chan error, 1)
	go func() {
		h, err := d.takeTurn()
		if err == nil {
			h.release()
		}
		errc <- err
	}()
	for deadline := time.Now().Add(10 * time.Second); ; {
		mu.Lock()
		s := said.String()
		mu.Unlock()
		if strings.Contains(s, "\rwaiting for the GPU (Test GPU): 1 ahead of you, yours (one place in line per user), first ") {
			break
		}
		select {
		case err := <-errc:
			t.Fatalf("takeTurn returned %v without waiting; notices %q", err, s)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no waiting line in the notices: %q", s)
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted wait returned %v", err)
	}
	if !strings.Contains(said.String(), "\rstopped waiting for the GPU after") {
		t.Errorf("notices %q do not end the waiting line", said.String())
	}
	if f := queueFiles(t, dir); len(f) != 1 {
		t.Errorf("live slots after the interrupted wait: %v, want only the other's", f)
	}
}

// A section that outlasts CULAB_GPU_TURN_MAX gives the turn up while it
// runs: a waiter (as another process) goes on, the notices say so, and the
// section fails as it ends; the next section queues afresh.
func TestTurnEndsAtItsLimit(t *testing.T) {
	d, dir := queueDevice(t)
	t.Setenv(EnvTurnMax, "100ms")
	var mu sync.Mutex
	var said bytes.Buffer
	defer SetNotices(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return said.Write(p)
	}))()
	h, err := d.takeTurn()
	if err != nil {
		t.Fatal(err)
	}
	q, err := gpuqueue.Open(dir, d.info.UUID)
	if err != nil {
		t.Fatal(err)
	}
	q.SetMaxTurn(time.Hour) // this waiter would wait that long for a holder that kept its turn
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	other, err := q.Acquire(ctx, nil)
	if err != nil {
		t.Fatalf("the waiter never got the turn: %v", err)
	}
	if err := h.over(); err == nil || !strings.Contains(err.Error(), "held the GPU for more than 100ms (CULAB_GPU_TURN_MAX)") {
		t.Errorf("the section's turn after its limit: %v", err)
	}
	mu.Lock()
	s := said.String()
	mu.Unlock()
	if !strings.Contains(s, "the GPU's turn ended after 100ms (CULAB_GPU_TURN_MAX): the next user goes on") {
		t.Errorf("notices %q do not say the turn ended", s)
	}
	if err := h.release(); err == nil {
		t.Error("the section that outlasted its turn ended without an error")
	}
	other.Release()
	next, err := d.takeTurn()
	if err != nil {
		t.Fatal(err)
	}
	if err := next.release(); err != nil {
		t.Errorf("a fresh section: %v", err)
	}
}

func TestVirtualGPUDoesNotQueue(t *testing.T) {
	d, dir := queueDevice(t)
	d.b = virtual.New(gpus.H100, 1<<20, interruptCause)
	h, err := d.takeTurn()
	if err != nil {
		t.Fatal(err)
	}
	defer h.release()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 { // not even the registry file
		t.Errorf("the virtual GPU queued: %v", ents)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
