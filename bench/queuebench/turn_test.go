// Package queuebench measures the GPU timing queue (cudalib/gpuqueue):
// BenchmarkSection is what every timed section on a GPU pays when nobody
// else waits (goal: < 50 µs); queuecheck/ runs several timing processes
// at once on a GPU. run.sh runs both.
package queuebench

import (
	"context"
	"os"
	"path/filepath"
	"testing"

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

// BenchmarkSection is one uncontended turn as cudalib takes it per timed
// section: acquire and release (cudalib opens the queue once).
func BenchmarkSection(b *testing.B) {
	q, err := gpuqueue.Open(queueDir(b), "GPU-bench")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
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
