package cudalib

import (
	"strings"
	"testing"
)

// profileSrc is laid out as a %%cuda cell: line 1 is the blank %%cuda line,
// so the numbers below are the cell's lines.
const profileSrc = `
extern "C" __global__ void strided(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i * 32];
    out[i] = v;
}
extern "C" __global__ void transpose(const float* in, float* out) {
    __shared__ float tile[32][32];
    int x = threadIdx.x, y = threadIdx.y;
    tile[y][x] = in[y * 32 + x];
    __syncthreads();
    out[y * 32 + x] = tile[x][y];
}
`

// Lines of profileSrc.
const (
	lineStridedLoad = 4
	lineStore       = 5
	lineTileLoad    = 12 // tile[x][y]: a column of a 32×32 tile, one bank
)

// stridedKernel compiles profileSrc on d for the test's duration and
// returns its module and its "strided" kernel.
func stridedKernel(t *testing.T, d *Device) (*Module, *Kernel) {
	t.Helper()
	m, err := d.CompileNamed("cell.cu", profileSrc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Unload() })
	k, err := m.Kernel("strided")
	if err != nil {
		t.Fatal(err)
	}
	return m, k
}

func TestProfilePerLine(t *testing.T) {
	d := openVirtualGPU(t)
	m, k := stridedKernel(t, d)
	in, _ := d.Float32sFrom(make([]float32, 64*32))
	out64, _ := d.Float32s(64)
	defer in.Free()
	defer out64.Free()
	if err := out64.Fill(7); err != nil {
		t.Fatal(err)
	}
	p, err := k.Profile(Config{Grid: D1(2), Block: D1(32)}, in, out64, 64)
	if err != nil {
		t.Fatal(err)
	}
	ld := p.Line(lineStridedLoad)
	if ld.GlobalLoadRequests != 2 || ld.GlobalLoadSectors != 64 {
		t.Errorf("line %d (in[i*32]): %d requests, %d sectors; want 2 requests of 32 sectors", lineStridedLoad, ld.GlobalLoadRequests, ld.GlobalLoadSectors)
	}
	st := p.Line(lineStore)
	if st.GlobalStoreRequests != 2 || st.GlobalStoreSectors != 8 {
		t.Errorf("line %d (out[i]): %d requests, %d sectors; want 2 requests of 4 sectors", lineStore, st.GlobalStoreRequests, st.GlobalStoreSectors)
	}
	if got := p.SourceLines()[lineStridedLoad-1]; !strings.Contains(got, "in[i * 32]") {
		t.Errorf("source line %d is %q", lineStridedLoad, got)
	}
	if p.Kernel != "strided" || p.File != "cell.cu" || p.Companion || p.Total.Blocks != 2 {
		t.Errorf("profile %s %s companion=%v blocks=%d", p.Kernel, p.File, p.Companion, p.Total.Blocks)
	}
	// The launch ran on copies: the caller's buffer is untouched.
	host, err := out64.ToHost()
	if err != nil || host[0] != 7 {
		t.Errorf("Profile wrote the caller's buffer: %v %v", host[:2], err)
	}

	tr, err := m.Kernel("transpose")
	if err != nil {
		t.Fatal(err)
	}
	tin, _ := d.Float32s(32 * 32)
	tout, _ := d.Float32s(32 * 32)
	defer tin.Free()
	defer tout.Free()
	p, err = tr.Profile(Config{Grid: D1(1), Block: D2(32, 32)}, tin, tout)
	if err != nil {
		t.Fatal(err)
	}
	sh := p.Line(lineTileLoad)
	if sh.SharedLoadRequests != 32 || sh.SharedLoadWavefronts != 32*32 || sh.SharedLoadBankConflicts != 32*31 {
		t.Errorf("line %d (tile[x][y]): %d requests, %d wavefronts, %d conflicts; want 32, 1024, 992",
			lineTileLoad, sh.SharedLoadRequests, sh.SharedLoadWavefronts, sh.SharedLoadBankConflicts)
	}
	if b := p.Line(11).Barriers; b != 32 {
		t.Errorf("line 11 (__syncthreads): %d barriers; want 32 (one per warp)", b)
	}
}

func TestProfileLaunches(t *testing.T) {
	d := openVirtualGPU(t)
	m, k := stridedKernel(t, d)
	in, _ := d.Float32s(32 * 32)
	out, _ := d.Float32s(32)
	defer in.Free()
	defer out.Free()
	if err := in.Fill(2); err != nil {
		t.Fatal(err)
	}
	var got []*Profile
	m.ProfileLaunches(1, func(p *Profile, err error) {
		if err != nil {
			t.Error(err)
		}
		got = append(got, p)
	})
	defer m.ProfileLaunches(0, nil)
	for range 3 {
		if err := k.Run(Linear(32, 32), in, out, 32); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 1 || got[0].Line(lineStridedLoad).GlobalLoadSectors != 32 {
		t.Fatalf("%d profiles for 3 launches with ProfileLaunches(1, f); want 1", len(got))
	}
	// The launch itself still ran.
	if h, _ := out.ToHost(); h[31] != 2 {
		t.Errorf("out[31] = %v after the profiled launch; want 2", h[31])
	}
}

// On a GPU, Profile counts the launch on the companion virtual GPU: the
// same figures as on the virtual GPU, and the GPU's buffers untouched.
func TestProfileOnGPUCompanion(t *testing.T) {
	d := openGPU(t)
	_, k := stridedKernel(t, d)
	host := make([]float32, 32*32)
	for i := range host {
		host[i] = float32(i)
	}
	in, _ := d.Float32sFrom(host)
	out, _ := d.Float32s(32)
	defer in.Free()
	defer out.Free()
	if err := out.Fill(7); err != nil {
		t.Fatal(err)
	}
	p, err := k.Profile(Linear(32, 32), in, out, 32)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Companion || p.Line(lineStridedLoad).GlobalLoadSectors != 32 {
		t.Errorf("companion=%v, line %d: %d sectors; want 32", p.Companion, lineStridedLoad, p.Line(lineStridedLoad).GlobalLoadSectors)
	}
	if h, _ := out.ToHost(); h[1] != 7 {
		t.Errorf("the GPU's buffer was written: out[1] = %v", h[1])
	}
	// The launch itself runs on the GPU as usual.
	if err := k.Run(Linear(32, 32), in, out, 32); err != nil {
		t.Fatal(err)
	}
	if h, _ := out.ToHost(); h[1] != 32 {
		t.Errorf("out[1] = %v after the GPU launch; want 32", h[1])
	}
}

// A launch profiled inside a timed region is not part of the timed work.
func TestProfileNotTimed(t *testing.T) {
	d := openVirtualGPU(t)
	m, k := stridedKernel(t, d)
	in, _ := d.Float32s(32 * 32)
	out, _ := d.Float32s(32)
	defer in.Free()
	defer out.Free()
	timed := func() Timing {
		tm, err := d.TimeFunc(TimeOptions{}, func() error { return k.Launch(Linear(32, 32), in, out, 32) })
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	plain := timed()
	m.ProfileLaunches(1, func(*Profile, error) {})
	defer m.ProfileLaunches(0, nil)
	if got := timed(); got.Counters != plain.Counters || got.Median != plain.Median {
		t.Errorf("with the launch profiled: %v, %+v; without: %v, %+v", got.Median, got.Counters, plain.Median, plain.Counters)
	}
}

// A buffer passed as two arguments is one buffer in the profiled copy too:
// a copy in place touches n×4 bytes of DRAM, not twice that.
func TestProfileAliasedBuffer(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, `extern "C" __global__ void copy(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] + 1.0f;
}`, "copy")
	const n = 1024
	buf, err := d.Float32s(n)
	if err != nil {
		t.Fatal(err)
	}
	p, err := k.Profile(Linear(n, 256), buf, buf, n)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(n * 4 / 32); p.Total.DRAMSectors != want {
		t.Errorf("DRAM sectors %d, want %d (one buffer)", p.Total.DRAMSectors, want)
	}
}
