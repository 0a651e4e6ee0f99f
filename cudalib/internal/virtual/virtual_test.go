package virtual

import (
	"os"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/vgpu/vgputest"
)

// The occupancy rules on known cases of compute capability 9.0.
func TestOccupancyRules(t *testing.T) {
	inf := gpus.H100
	for _, c := range []struct {
		regs, static, block, dynamic, want int
	}{
		{32, 0, 256, 0, 8},                      // threads: 2048/256
		{32, 0, 32, 0, 32},                      // the 32-block limit
		{128, 0, 256, 0, 2},                     // registers: 65536 / (128·256)
		{255, 0, 1024, 0, 0},                    // more registers than a block may have
		{16, 0, 128, 48 << 10, 4},               // shared: 228 KiB / (48 KiB + 1 KiB)
		{16, 1 << 10, 128, 227 << 10, 0},        // over the opt-in limit
		{16, 0, 1024, 100 << 10, 2},             // threads and shared both allow 2
		{16, 0, 1000, 0, 2},                     // rounded up to whole warps
		{16, 0, 2048, 0, 0},                     // over the block limit
		{40, 0, 96, 0, min(21, 65536/(1280*3))}, // 40·32 = 1280 registers per warp
	} {
		got := activeBlocks(inf, kernelUse{registers: c.regs, staticShared: c.static}, c.block, c.dynamic)
		if got != c.want {
			t.Errorf("%+v: %d blocks per SM", c, got)
		}
	}
	if grid, block := suggestBlock(inf, kernelUse{registers: 32}, 0); block != 1024 || grid != 2*132 {
		t.Errorf("suggestion %d × %d, want 264 × 1024", grid, block)
	}
	if _, block := suggestBlock(inf, kernelUse{registers: 128}, 0); block != 512 {
		t.Errorf("with 128 registers: block %d, want 512", block)
	}
}

// The register estimate follows live ranges, not PTX's declarations: a
// value defined before a loop and used in it stays live through the loop;
// temporaries of one iteration do not add up.
func TestRegisterEstimate(t *testing.T) {
	src := `.version 7.8
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<9>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, 0;
$L__loop:
	add.s32 %r3, %r2, 1;
	mul.lo.s32 %r4, %r3, 3;
	add.s32 %r5, %r4, 7;
	mul.wide.s32 %rd2, %r2, 4;
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p1, %r2, %r1;
	@%p1 bra $L__loop;
	st.global.u32 [%rd1], %r5;
	ret;
}
`
	m, err := ptx.Parse("k.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// Live at once in the loop: %rd1 (2), %r1, %r2 and %r5 (live out),
	// plus one temporary pair at its widest: %r3 or %r4, or %rd2 (2).
	if got := registerEstimate(m.Funcs[0]); got != 7 {
		t.Errorf("estimate %d, want 7", got)
	}
	b, err := os.ReadFile("../../ptx/testdata/nvrtc11/lab-launchcfg.ptx")
	if err != nil {
		t.Fatal(err)
	}
	if m, err = ptx.Parse("lab-launchcfg.ptx", b); err != nil {
		t.Fatal(err)
	}
	est := map[string]int{}
	for _, f := range m.Funcs {
		est[f.Name] = registerEstimate(f)
	}
	// ptxas gives copy_stride 32 registers on an H100 (docs/results).
	if s, u := est["_Z11copy_strideP7double2PKS_i"], est["_Z11copy_unrollILi8EEvP7double2PKS0_i"]; s < 16 || s > 48 || u <= s {
		t.Errorf("copy_stride %d, copy_unroll<8> %d registers: want about 32, and more for the unrolled copy", s, u)
	}
}

// Many loops and many registers: the estimate costs their sizes, not
// their product (a generated kernel of 2^15 inlined loops took minutes),
// and stays what the widest point needs: the store's address computed
// from three 64-bit values while the result waits.
func TestRegisterEstimateManyLoops(t *testing.T) {
	const calls = 1 << 15
	m, err := ptx.Parse("chain.ptx", []byte(vgputest.ChainKernel(calls)))
	if err != nil {
		t.Fatal(err)
	}
	if got := registerEstimate(m.Funcs[0]); got != 7 {
		t.Errorf("estimate %d, want 7", got)
	}
}

// The occupancy rules follow the modelled GPU's compute capability:
// Turing holds 16 blocks and 32 warps an SM and 64 KiB of shared memory
// in units of 256 bytes with none reserved; GA10x 16 blocks and 48 warps;
// AD10x 24 blocks.
func TestOccupancyPerGPU(t *testing.T) {
	for _, c := range []struct {
		g                                  gpus.GPU
		regs, static, block, dynamic, want int
	}{
		{gpus.T4, 32, 0, 32, 0, 16},          // the 16-block limit
		{gpus.T4, 32, 0, 256, 0, 4},          // 32 warps / 8
		{gpus.T4, 16, 0, 128, 16 << 10, 4},   // 64 KiB / 16 KiB: none reserved
		{gpus.T4, 16, 0, 128, 16<<10 + 1, 3}, // rounded up to 256 bytes
		{gpus.T4, 16, 0, 128, 64<<10 + 1, 0}, // over the opt-in limit
		{gpus.RTX2080Ti, 64, 0, 1024, 0, 1},  // 1024 threads an SM
		{gpus.A40, 32, 0, 32, 0, 16},         // the 16-block limit
		{gpus.A40, 32, 0, 256, 0, 6},         // 48 warps / 8
		{gpus.A40, 16, 0, 128, 48 << 10, 2},  // 100 KiB / 49 KiB
		{gpus.L4, 32, 0, 32, 0, 24},          // the 24-block limit
		{gpus.A100, 32, 0, 256, 0, 8},        // 64 warps / 8
		{gpus.A100, 16, 0, 128, 80 << 10, 2}, // 164 KiB / 81 KiB
		{gpus.H200, 32, 0, 32, 0, 32},        // Hopper's 32
	} {
		got := activeBlocks(c.g, kernelUse{registers: c.regs, staticShared: c.static}, c.block, c.dynamic)
		if got != c.want {
			t.Errorf("%s %+v: %d blocks per SM, want %d", c.g.Key, c, got, c.want)
		}
	}
	if grid, block := suggestBlock(gpus.T4, kernelUse{registers: 32}, 0); block != 1024 || grid != 40 {
		t.Errorf("T4 suggestion %d × %d, want 40 × 1024", grid, block)
	}
}

// Every named GPU's device query is its description's, and the H100's
// name is the default virtual GPU's.
func TestInfoPerGPU(t *testing.T) {
	if NameOf(gpus.H100) != Name {
		t.Errorf("the H100 model is named %q, want %q", NameOf(gpus.H100), Name)
	}
	for _, g := range gpus.All {
		inf := New(g, 1<<30, func() error { return nil }).Info()
		if inf.Major != g.Major || inf.Minor != g.Minor || inf.SMCount != g.SMs || inf.L2Bytes != g.L2Bytes ||
			inf.SharedPerBlockOptin != g.SharedPerBlockOptin || inf.MaxThreadsPerSM != g.MaxWarpsPerSM*32 ||
			inf.ClockKHz != g.ClockKHz || inf.TotalMem != 1<<30 || inf.Name != NameOf(g) {
			t.Errorf("%s: device query %+v does not match %+v", g.Key, inf, g)
		}
		if got, want := inf.PeakBandwidth()*1e9, g.PeakDRAMBytesPerSec(); got != want {
			t.Errorf("%s: peak bandwidth %v, want %v", g.Key, got, want)
		}
	}
}

// The H100's and H200's models report, property by property, what the
// real devices reported (`culab info` on the GPU machines), but for the
// name, the backend and the memory (the virtual GPU's cap).
func TestInfoMatchesDeviceReports(t *testing.T) {
	for _, c := range []struct {
		g      gpus.GPU
		report string
	}{
		{gpus.H100, "../../../docs/results/2026-11-22-h100/tables.md"},
		{gpus.H200, "../../../docs/results/2026-11-26-h200-gpu-check/README.md"},
	} {
		b, err := os.ReadFile(c.report)
		if err != nil {
			t.Fatal(err)
		}
		real := deviceQuery(string(b))
		model := deviceQuery(virtualInfo(c.g, 1<<30, 1).String())
		if len(real) < 20 {
			t.Fatalf("%s: no device query found (%d lines)", c.report, len(real))
		}
		for k, v := range real {
			switch k {
			case "Device", "UUID", "Backend", "Total global memory":
				continue
			}
			if model[k] != v {
				t.Errorf("%s: %s: model %q, the device %q", c.g.Key, k, model[k], v)
			}
		}
	}
}

// deviceQuery reads the first device query (Info.String's lines, "Key:
// value") in s.
func deviceQuery(s string) map[string]string {
	q := map[string]string{}
	in := false
	for _, line := range strings.Split(s, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.Contains(k, "  ") || strings.TrimSpace(v) == "" {
			if in && strings.TrimSpace(line) == "" {
				break
			}
			continue
		}
		if k == "Device" {
			in = true
		}
		if in {
			q[k] = strings.TrimSpace(v)
		}
	}
	return q
}
