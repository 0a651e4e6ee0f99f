package worker

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/internal/seam"
)

func TestWorkerErrorsKeepTheirType(t *testing.T) {
	for _, err := range []error{
		&seam.CompileError{Name: "k.cu", Diagnostics: []seam.Diagnostic{{Line: 3, Column: 5, Severity: "error", Message: "x"}}},
		&seam.DeviceError{Op: "cuMemAlloc_v2", Code: 2, Name: "CUDA_ERROR_OUT_OF_MEMORY", Kind: seam.KindOutOfMemory},
	} {
		back := toWerr(err).err()
		if back.Error() != err.Error() {
			t.Errorf("%v came back as %v", err, back)
		}
	}
	var de *seam.DeviceError
	if !errors.As(toWerr(&seam.DeviceError{Kind: seam.KindOutOfMemory}).err(), &de) || de.Kind != seam.KindOutOfMemory {
		t.Error("out-of-memory kind lost")
	}
	if toWerr(nil).err() != nil {
		t.Error("nil error came back non-nil")
	}
}

// A batch the worker cannot read is an error, never a crash.
func TestWorkerRejectsMalformedBatches(t *testing.T) {
	s := &server{handles: map[uint64]any{}}
	for _, data := range [][]byte{{recLaunch, 1, 2}, {99}, {recTimerStart, 1}, {recCopy, 1, 2, 3}} {
		if err := s.batch(data); !errors.Is(err, errBatch) {
			t.Errorf("batch %v: %v, want a malformed-batch error", data, err)
		}
	}
	if err := s.batch(le.AppendUint64(le.AppendUint64([]byte{recTimerStop}, 7), 0)); err == nil || !strings.Contains(err.Error(), "no timer 7") {
		t.Errorf("unknown timer: %v", err)
	}
}

// pipeWorker connects a parent to serve, which plays the worker.
func pipeWorker(serve func(r io.Reader, w io.Writer)) StartFunc {
	return func() (io.WriteCloser, io.ReadCloser, func() error, error) {
		toChild, childIn := io.Pipe()
		childOut, fromChild := io.Pipe()
		go func() {
			serve(toChild, fromChild)
			fromChild.Close()
		}()
		return childIn, childOut, func() error { childIn.Close(); childOut.Close(); return nil }, nil
	}
}

// A worker of another wire version (a rebuilt executable) is refused with
// both versions named, before any call.
func TestWorkerOfAnotherVersion(t *testing.T) {
	for _, v := range []int{0, wireVersion + 1} {
		start := pipeWorker(func(r io.Reader, w io.Writer) {
			var q wreq
			if gob.NewDecoder(r).Decode(&q) == nil {
				gob.NewEncoder(w).Encode(wresp{Opened: wopened{Version: v, Info: seam.Info{Name: "old"}}})
			}
		})
		_, err := Dial(0, start, nil)
		want := fmt.Sprintf("the GPU worker speaks version %d of the wire, this one %d", v, wireVersion)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("worker of version %d: %v, want %q", v, err, want)
		}
	}
}

// A worker started by a program of another wire version says so, serves
// nothing, and ends.
func TestWorkerRefusesAnotherVersion(t *testing.T) {
	toChild, childIn := io.Pipe()
	childOut, fromChild := io.Pipe()
	opened := false
	served := make(chan error, 1)
	go func() {
		served <- serveWith(toChild, fromChild, func(int) (seam.Backend, error) { opened = true; return nil, errors.New("no") }, nil)
		fromChild.Close()
	}()
	go gob.NewEncoder(childIn).Encode(wreq{Op: "open", Open: wopen{Version: wireVersion + 1}})
	var resp wresp
	if err := gob.NewDecoder(childOut).Decode(&resp); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("the program that started it speaks version %d of the wire, this one %d", wireVersion+1, wireVersion)
	if err := resp.Err.err(); err == nil || !strings.Contains(err.Error(), want) || resp.Opened.Version != wireVersion {
		t.Errorf("answer %+v, want %q and version %d", resp, want, wireVersion)
	}
	if err := <-served; err == nil || opened {
		t.Errorf("served: %v, opened the device: %v", err, opened)
	}
}

// slowCompiler compiles "slow" until its request is cancelled (and says
// so on cancelled), anything else at once; the rest of seam.Backend is
// not called.
type slowCompiler struct {
	seam.Backend
	started, cancelled chan struct{}
}

func (b *slowCompiler) Info() seam.Info { return seam.Info{Name: "slow"} }

func (b *slowCompiler) Compile(req seam.CompileRequest) (seam.Module, error) {
	if req.Name != "slow" {
		return stubModule{}, nil
	}
	close(b.started)
	<-req.Cancel
	close(b.cancelled)
	return nil, errors.New("compile cancelled")
}

type stubModule struct{ seam.Module }

func (stubModule) Lowered() map[string]string { return nil }
func (stubModule) CompileLog() string         { return "" }
func (stubModule) Cached() bool               { return false }

// Closing a compile's Cancel in the parent stops the compile in the
// worker, and the worker serves the next call.
func TestWorkerCompileCancel(t *testing.T) {
	b := &slowCompiler{started: make(chan struct{}), cancelled: make(chan struct{})}
	start := pipeWorker(func(r io.Reader, w io.Writer) {
		serveWith(r, w, func(int) (seam.Backend, error) { return b, nil }, nil)
	})
	p, err := Dial(0, start, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	cancel := make(chan struct{})
	go func() { <-b.started; close(cancel) }()
	if _, err := p.Compile(seam.CompileRequest{Name: "slow", Cancel: cancel}); err == nil || !strings.Contains(err.Error(), "compile cancelled") {
		t.Fatalf("cancelled compile: %v", err)
	}
	<-b.cancelled
	// A cancel that comes after its answer is ignored.
	late := make(chan struct{})
	if _, err := p.Compile(seam.CompileRequest{Name: "fast", Cancel: late}); err != nil {
		t.Fatalf("compile after a cancel: %v", err)
	}
	close(late)
	if _, err := p.Compile(seam.CompileRequest{Name: "fast"}); err != nil {
		t.Fatalf("compile after a late cancel: %v", err)
	}
}

// endlessGPU never finishes a Synchronize, as a GPU running an endless
// kernel; release ends its waits when the test is over.
type endlessGPU struct {
	seam.Backend
	release chan struct{}
}

func (b *endlessGPU) Info() seam.Info                  { return seam.Info{Name: "endless"} }
func (b *endlessGPU) Synchronize() error               { <-b.release; return nil }
func (b *endlessGPU) MemInfo() (uint64, uint64, error) { return 1, 2, nil }

// A call the worker does not answer after the user's interrupt stops the
// worker, with an error that says so; dev.Reset() starts a new one.
func TestWorkerStoppedAfterInterrupt(t *testing.T) {
	b := &endlessGPU{release: make(chan struct{})}
	defer close(b.release)
	starts := 0
	start := pipeWorker(func(r io.Reader, w io.Writer) {
		starts++
		serveWith(r, w, func(int) (seam.Backend, error) { return b, nil }, nil)
	})
	intr := make(chan struct{})
	OnInterrupt(func() <-chan struct{} { return intr })
	defer OnInterrupt(func() <-chan struct{} { return nil })
	p, err := Dial(0, start, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	close(intr)
	var de *seam.DeviceError
	if err := p.Synchronize(); !errors.As(err, &de) || de.Name != "WORKER_STOPPED" || !strings.Contains(err.Error(), "call dev.Reset()") {
		t.Fatalf("unanswered after the interrupt: %v", err)
	}
	if err := p.Synchronize(); !errors.As(err, &de) || de.Name != "WORKER_GONE" {
		t.Fatalf("after the worker stopped: %v", err)
	}
	if err := p.Reset(); err != nil || starts != 2 {
		t.Fatalf("reset: %v, %d workers started", err, starts)
	}
	if free, total, err := p.MemInfo(); err != nil || free != 1 || total != 2 {
		t.Fatalf("a call to the new worker: %d %d %v", free, total, err)
	}
}
