package vgpu

import "testing"

const addressAtomicsPTX = `
.version 7.8
.target sm_90
.address_size 64

// Every lane adds 1 to p[stride·(tid mod 2)] (red.add) or swaps it (exch).
.visible .entry adds(.param .u64 p, .param .u32 stride)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [stride];
	mov.u32 %r2, %tid.x;
	and.b32 %r3, %r2, 1;
	mul.lo.s32 %r3, %r3, %r1;
	mul.wide.u32 %rd2, %r3, 4;
	add.s64 %rd3, %rd1, %rd2;
	red.global.add.u32 [%rd3], 1;
	ret;
}

// Every lane adds 1 to p[0], an address ptxas can prove uniform.
.visible .entry uniformadds(.param .u64 p)
{
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	red.global.add.u32 [%rd1], 1;
	ret;
}

.visible .entry swaps(.param .u64 p)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	atom.global.exch.b32 %r1, [%rd1], 7;
	ret;
}

.visible .entry sharedadds()
{
	.shared .u32 s;
	.reg .b64 %rd<2>;
	mov.u64 %rd1, s;
	red.shared.add.u32 [%rd1], 1;
	ret;
}
`

// TestMaxAddressAtomics: the most atomics on one global address, a warp
// whose lanes share an address ptxas can prove uniform counting once for
// an integer add (ptxas aggregates it) and once a lane otherwise; shared
// atomics are not counted; the same on any number of workers. With them,
// the operations (AtomicSectorOps: a sector's words together, the lanes
// on one word one after another, one a warp where aggregated) and the
// distinct words they touch (AtomicAddresses) and the sectors of those
// (AtomicSectors).
func TestMaxAddressAtomics(t *testing.T) {
	for _, workers := range []int{1, 3} {
		g := New(Config{Workers: workers})
		m := loadSource(t, g, "atomics.ptx", []byte(addressAtomicsPTX))
		buf, _ := g.Alloc(64)
		for _, c := range []struct {
			name                      string
			params                    [][]byte
			want, ops, words, sectors int64
		}{
			{"uniformadds", [][]byte{p64(buf)}, 3 * 2, 3 * 2, 1, 1},                // 3 blocks of 2 warps, one aggregated add each
			{"adds", [][]byte{p64(buf), p32(0)}, 3 * 64, 3 * 64, 1, 1},             // one address at run time, not provably: a lane each
			{"adds", [][]byte{p64(buf), p32(4)}, 3 * 64 / 2, 3 * 2 * 16, 2, 1},     // half the lanes on each of two words of one sector
			{"adds", [][]byte{p64(buf), p32(8)}, 3 * 64 / 2, 3 * 2 * 2 * 16, 2, 2}, // two sectors
			{"swaps", [][]byte{p64(buf)}, 3 * 64, 3 * 64, 1, 1},                    // exch is not aggregated
			{"sharedadds", nil, 0, 0, 0, 0},                                        // shared: no L2
		} {
			p, err := runProfiled(g, kernel(t, m, c.name), Launch{Grid: dim(3), Block: dim(64), Params: c.params})
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Total.MaxAddressAtomics; got != c.want {
				t.Errorf("%d workers, %s %v: %d atomics on one address, want %d", workers, c.name, c.params, got, c.want)
			}
			if got := p.Total; got.AtomicSectorOps != c.ops || got.AtomicAddresses != c.words || got.AtomicSectors != c.sectors {
				t.Errorf("%d workers, %s %v: %d operations on %d words in %d sectors, want %d on %d in %d", workers, c.name, c.params,
					got.AtomicSectorOps, got.AtomicAddresses, got.AtomicSectors, c.ops, c.words, c.sectors)
			}
			for _, l := range p.Lines {
				if l.MaxAddressAtomics != 0 {
					t.Errorf("%s: line %d has %d", c.name, l.Line, l.MaxAddressAtomics)
				}
			}
		}
	}
}
