// Package queuebench measures the GPU timing queue (cudalib/gpuqueue):
// BenchmarkSection is what every timed section on a GPU pays when nobody
// else waits (goal: < 50 µs); queuecheck/ runs several timing processes
// at once on a GPU. run.sh runs both.
package queuebench

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/culab/culab/cudalib/gpuqueue"
)

// queueDir is where the queue lives in the benchmark: BENCH_QUEUE_DIR, or
// a fresh directory under /tmp (the default queue's file system).
func queueDir(b *testing.B) string {
	if d := os.Getenv("BENCH_QUEUE_DIR"); d != "" {
		return d
	}
	d, err := os.MkdirTemp("/tmp", "queuebench")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.RemoveAll(d) })
	return filepath.Join(d, "queue")
}

// cpuPerOp reports the process's CPU time (user + system) per operation
// beside ns/op: on a shared machine the wall time mostly measures the
// other tenants.
func cpuPerOp(b *testing.B) (stop func()) {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := cpu()
	return func() {
		b.ReportMetric(float64(cpu()-start)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
	}
}

// BenchmarkSection is one uncontended turn as cudalib takes it per timed
// section: acquire and release (cudalib opens the queue once).
func BenchmarkSection(b *testing.B) {
	q, err := gpuqueue.Open(queueDir(b), "GPU-bench")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	defer cpuPerOp(b)()
	for b.Loop() {
		t, err := q.Acquire(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := t.Release(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSectionIdlePeers is the same with four other users of the GPU
// idle between their timed sections (each joiner test-locks their slots).
func BenchmarkSectionIdlePeers(b *testing.B) {
	dir := queueDir(b)
	for range 4 {
		peer, err := gpuqueue.Open(dir, "GPU-bench")
		if err != nil {
			b.Fatal(err)
		}
		t, err := peer.Acquire(context.Background(), nil)
		if err != nil {
			b.Fatal(err)
		}
		t.Release() // its slot stays, idle
	}
	q, err := gpuqueue.Open(dir, "GPU-bench")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	defer cpuPerOp(b)()
	for b.Loop() {
		t, err := q.Acquire(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := t.Release(); err != nil {
			b.Fatal(err)
		}
	}
}
