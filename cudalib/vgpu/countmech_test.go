package vgpu

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/culab/culab/cudalib/counters"
)

// A block that spin-waits on its predecessor's flag (a decoupled
// look-back's wait) counts the same on any number of workers: one poll a
// waiting block, as when the blocks run one after another.
func TestSpinWaitDeterministic(t *testing.T) {
	const n = 512
	var first *Profile
	for _, workers := range []int{1, 2, 4} {
		g := New(Config{Workers: workers})
		m := loadSampling(t, g)
		if !kernel(t, m, "chain").entry.polls || kernel(t, m, "trips").entry.polls {
			t.Fatal("pollLoop: chain must poll, trips must not")
		}
		flags, err := g.Alloc(4 * n)
		if err != nil {
			t.Fatal(err)
		}
		out, err := g.Alloc(4 * n)
		if err != nil {
			t.Fatal(err)
		}
		p, err := runProfiled(g, kernel(t, m, "chain"), Launch{Grid: dim(n), Block: dim(32), Params: [][]byte{p64(flags), p64(out)}})
		if err != nil {
			t.Fatal(err)
		}
		// n-1 polls (each finds its flag set) and n exchanges.
		if got := p.Total.AtomicRequests; got != 2*n-1 {
			t.Errorf("%d workers: %d atomic requests, want %d", workers, got, 2*n-1)
		}
		if first == nil {
			first = p
		} else if d := differences(first.Total, p.Total); len(d) > 0 {
			t.Errorf("%d workers: counters differ from 1 worker's: %v", workers, d)
		}
	}
}

// A kernel whose outputs follow the order its global atomics land (a
// queue's slots, a float sum) gives the same outputs and counters on any
// number of workers; a histogram's integer adds keep every worker.
func TestOrderedAtomicsDeterministic(t *testing.T) {
	const blocks, threads = 256, 128
	n := blocks * threads
	r := rand.New(rand.NewPCG(5, 6))
	ints, floats := make([]byte, 4*n), make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(ints[4*i:], r.Uint32())
		binary.LittleEndian.PutUint32(floats[4*i:], math.Float32bits(r.Float32()*1000))
	}
	type outcome struct {
		queue, total []byte
		counts       counters.Counters
	}
	var first *outcome
	for _, workers := range []int{1, 2, 4} {
		g := New(Config{Workers: workers})
		m := loadSampling(t, g)
		if !kernel(t, m, "enqueue").entry.ordered || !kernel(t, m, "fsum").entry.ordered || kernel(t, m, "counter").entry.ordered {
			t.Fatal("orderedAtomics: enqueue and fsum must be ordered, counter must not")
		}
		in, fin := upload(t, g, ints), upload(t, g, floats)
		tail, queue, total := upload(t, g, make([]byte, 4)), upload(t, g, make([]byte, 4*n)), upload(t, g, make([]byte, 4))
		l := Launch{Grid: dim(blocks), Block: dim(threads)}
		l.Params = [][]byte{p64(tail), p64(queue), p64(in)}
		p, err := runProfiled(g, kernel(t, m, "enqueue"), l)
		if err != nil {
			t.Fatal(err)
		}
		l.Params = [][]byte{p64(total), p64(fin)}
		if err := g.Run(kernel(t, m, "fsum"), l, nil); err != nil {
			t.Fatal(err)
		}
		o := &outcome{queue: make([]byte, 4*n), total: make([]byte, 4), counts: p.Total}
		if err := g.CopyOut(o.queue, queue); err != nil {
			t.Fatal(err)
		}
		if err := g.CopyOut(o.total, total); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = o
			continue
		}
		if !bytes.Equal(o.queue, first.queue) || !bytes.Equal(o.total, first.total) {
			t.Errorf("%d workers: the queue or the float sum differ from 1 worker's", workers)
		}
		if d := differences(first.counts, o.counts); len(d) > 0 {
			t.Errorf("%d workers: counters differ from 1 worker's: %v", workers, d)
		}
	}
}
