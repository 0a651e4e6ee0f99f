package vgpu

import (
	"encoding/binary"
	"testing"
)

// A discarded output lists, after a sampled launch, exactly the elements of
// the blocks that ran; the rest reads zero. The buffer (1.2 MB) is a
// mapping of its own.
func TestWrittenAfterSampledLaunch(t *testing.T) {
	g := New(Config{Workers: 2})
	k := kernel(t, loadSampling(t, g), "tile2d")
	a := newGrid2d(t, g, 1000, 300)
	l := a.launch(SampleForced) // fills out: every byte written
	if s, err := g.Written(a.out, 4*a.w*a.h); err != nil || len(s) != 1 || s[0] != (Span{0, 4 * a.w * a.h}) {
		t.Fatalf("after a fill: written %v, %v; want all of it", s, err)
	}
	if !g.table.Load().find(a.out, 1).mapped {
		t.Fatal("a 1.2 MB allocation is not a mapping of its own")
	}
	if err := g.Discard(a.out, 4*a.w*a.h); err != nil {
		t.Fatal(err)
	}
	if s, err := g.Written(a.out, 4*a.w*a.h); err != nil || len(s) != 0 {
		t.Fatalf("after a discard: written %v, %v; want nothing", s, err)
	}
	p := profiled(t, g, k, l)
	if p.Sample == nil || !p.Sample.Sampled {
		t.Fatal("the launch was not sampled")
	}
	want := make([]bool, a.w*a.h)
	gx := (a.w + 15) / 16
	for _, b := range p.Sample.Ran {
		bx, by := int(b)%gx, int(b)/gx
		for y := by * 16; y < min(by*16+16, a.h); y++ {
			for x := bx * 16; x < min(bx*16+16, a.w); x++ {
				want[y*a.w+x] = true
			}
		}
	}
	got := make([]bool, a.w*a.h)
	spans, err := g.Written(a.out, 4*a.w*a.h)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range spans {
		if s.Off%4 != 0 || s.Len%4 != 0 {
			t.Fatalf("span %v is not whole floats", s)
		}
		for i := s.Off / 4; i < (s.Off+s.Len)/4; i++ {
			got[i] = true
		}
	}
	out := download(t, g, a.out, 4*a.w*a.h)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("element %d: written %v, want %v (its block ran: %v)", i, got[i], want[i], want[i])
		}
		if v := binary.LittleEndian.Uint32(out[4*i:]); !want[i] && v != 0 {
			t.Fatalf("element %d, not written, reads %#x, want 0", i, v)
		}
	}
	// A discard of part of the buffer leaves the rest as it was.
	if err := g.Discard(a.out+4096, 8192); err != nil {
		t.Fatal(err)
	}
	spans, _ = g.Written(a.out, 4*a.w*a.h)
	for _, s := range spans {
		if s.Off < 4096+8192 && s.Off+s.Len > 4096 {
			t.Fatalf("span %v overlaps the discarded bytes", s)
		}
	}
	if err := g.Discard(a.out+4*uint64(a.w*a.h), 4); err == nil {
		t.Error("a discard past the end succeeded")
	}
}
