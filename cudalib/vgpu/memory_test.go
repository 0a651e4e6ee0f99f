package vgpu

import (
	"runtime"
	"testing"
	"weak"
)

// Nothing keeps a freed buffer's memory: not the memory table (which only
// remembers where freed ranges were), not a profiled launch's per-line
// counters or sector bitmaps, not the decoded kernel, not a plain launch.
// In a session of many launches, each on fresh buffers, the buffers are
// the bulk of the memory.
func TestFreedBuffersAreNotRetained(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "nvrtc11/lab-vecadd.ptx")
	k := kernel(t, m, "_Z13vecadd_sharedPfPKfS1_i")
	const n = 1 << 16
	var bufs []weak.Pointer[byte]
	var profiles []*Profile
	for round := range 3 {
		var addrs [3]uint64
		for i := range addrs {
			a, err := g.Alloc(4 * n)
			if err != nil {
				t.Fatal(err)
			}
			addrs[i] = a
			bufs = append(bufs, weak.Make(&g.table.Load().find(a, 1).data[0]))
		}
		l := Launch{Grid: dim(9), Block: dim(256), Params: [][]byte{p64(addrs[0]), p64(addrs[1]), p64(addrs[2]), p32(n)}}
		if round == 1 {
			p, err := runProfiled(g, k, l)
			if err != nil {
				t.Fatal(err)
			}
			profiles = append(profiles, p) // kept, as a notebook shows it
		} else if err := g.Run(k, l, nil); err != nil {
			t.Fatal(err)
		}
		for _, a := range addrs {
			if err := g.Free(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	runtime.GC()
	for i, w := range bufs {
		if w.Value() != nil {
			t.Errorf("buffer %d (round %d) is still reachable after its Free", i%3, i/3)
		}
	}
	if used, _ := g.MemInfo(); used != 0 {
		t.Errorf("%d bytes in use after every buffer was freed", used)
	}
	runtime.KeepAlive(profiles)
	runtime.KeepAlive(m)
}

// A fault near a printf format names it as a string literal, not by
// NVRTC's name for it ($str$1), which the student never wrote.
func TestDescribeStringLiteral(t *testing.T) {
	for name, want := range map[string]string{
		"$str$1": "4-byte string literal",
		"$str":   "4-byte string literal",
		"table":  "4-byte variable table",
		"":       "4-byte allocation",
	} {
		if got := (&allocation{name: name, data: make([]byte, 4)}).describe(); got != want {
			t.Errorf("%q: %q, want %q", name, got, want)
		}
	}
}
