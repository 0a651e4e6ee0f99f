package nvrtc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// These tests run against the real NVRTC (scripts/setup-nvrtc.sh installs
// Debian's); no GPU is needed to compile.

func loadNVRTC(t testing.TB) *Lib {
	t.Helper()
	l, err := Load()
	if err != nil {
		t.Skip("NVRTC not found (scripts/setup-nvrtc.sh installs it): " + err.Error())
	}
	return l
}

const saxpy = `extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
`

func TestLoad(t *testing.T) {
	l := loadNVRTC(t)
	major, minor := l.Version()
	t.Logf("NVRTC %d.%d from %s, architectures %v", major, minor, l.Path(), l.SupportedArchs())
	if major < 11 || l.Path() == "" {
		t.Errorf("Version %d.%d, Path %q", major, minor, l.Path())
	}
	archs := l.SupportedArchs()
	if len(archs) == 0 || !slices.IsSorted(archs) {
		t.Errorf("SupportedArchs = %v, want a sorted non-empty list from NVRTC 11.2+", archs)
	}
	archs[0] = -1 // a copy: the caller cannot change the library's list
	if l.SupportedArchs()[0] == -1 {
		t.Error("SupportedArchs returns the library's own slice")
	}

	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if l2, err := Load(); err != nil || l2 != l {
				t.Errorf("Load again = %p, %v; want the cached %p", l2, err, l)
			}
		})
	}
	wg.Wait()
}

// Needs no NVRTC: a missing file and a library without NVRTC's symbols
// (libc) both fail, without a panic, and the error names both.
func TestOpenFirstReportsEveryPath(t *testing.T) {
	_, err := openFirst([]string{"/nonexistent/libnvrtc.so.99", "libc.so.6"})
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{"/nonexistent/libnvrtc.so.99:", "libc.so.6: missing symbols nvrtcGetErrorString"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %q", msg, want)
		}
	}
}

func TestTargetFromLibrary(t *testing.T) {
	l := loadNVRTC(t)
	archs := l.SupportedArchs()
	newest := archs[len(archs)-1]
	tg, err := l.Target(newest/10, newest%10)
	if err != nil || tg != (Target{Arch: newest, CUBIN: true}) {
		t.Errorf("Target for the newest supported %d = %+v, %v; want CUBIN", newest, tg, err)
	}
	tg, err = l.Target(newest/10+5, 0)
	if err != nil || tg != (Target{Arch: newest}) {
		t.Errorf("Target for a device newer than NVRTC = %+v, %v; want PTX for %d", tg, err, newest)
	}
}

func TestCompilePTX(t *testing.T) {
	l := loadNVRTC(t)
	res, err := l.Compile(Request{Name: "saxpy.cu", Source: saxpy, NameExpressions: []string{"saxpy"}, Target: Target{Arch: 75}})
	if err != nil {
		t.Fatal(err)
	}
	ptx := string(res.Image)
	if res.CUBIN || !strings.HasSuffix(ptx, "\x00") || strings.Count(ptx, "\x00") != 1 {
		t.Errorf("want PTX ending in its only NUL; CUBIN=%v, tail %q", res.CUBIN, ptx[max(0, len(ptx)-20):])
	}
	for _, want := range []string{".target sm_75", ".visible .entry saxpy("} {
		if !strings.Contains(ptx, want) {
			t.Errorf("PTX lacks %q", want)
		}
	}
	if res.Lowered["saxpy"] != "saxpy" {
		t.Errorf("Lowered = %v", res.Lowered)
	}
	if res.Log != "" {
		t.Errorf("Log = %q, want empty", res.Log)
	}
}

func TestCompileCUBIN(t *testing.T) {
	l := loadNVRTC(t)
	tg, err := l.Target(7, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !tg.CUBIN {
		t.Skipf("this NVRTC gives %v for 7.5, not CUBIN", tg)
	}
	res, err := l.Compile(Request{Source: saxpy, Target: tg})
	if err != nil {
		t.Fatal(err)
	}
	if !res.CUBIN || !bytes.HasPrefix(res.Image, []byte("\x7fELF")) {
		t.Errorf("want an ELF CUBIN; CUBIN=%v, starts %q", res.CUBIN, res.Image[:min(8, len(res.Image))])
	}
}

func TestCompileErrorPosition(t *testing.T) {
	l := loadNVRTC(t)
	src := "extern \"C\" __global__ void scale(float* a, int n) {\n" +
		"    int i = blockIdx.x * blockDim.x + threadIdx.x;\n" +
		"\tif (i < n) a[i] = factor * a[i];\n" +
		"}\n"
	wantCol := strings.Index("\tif (i < n) a[i] = factor * a[i];", "factor") + 1 // the tab is one column
	_, err := l.Compile(Request{Name: "scale.cu", Source: src, Target: Target{Arch: 75}})
	ce, ok := err.(*CompileError)
	if !ok {
		t.Fatalf("err = %v (%T), want *CompileError", err, err)
	}
	if len(ce.Diagnostics) != 1 {
		t.Fatalf("diagnostics %+v, log:\n%s", ce.Diagnostics, ce.Log)
	}
	want := Diagnostic{File: "scale.cu", Line: 3, Column: wantCol, Severity: "error", Message: `identifier "factor" is undefined`}
	if ce.Diagnostics[0] != want {
		t.Errorf("diagnostic\n got %+v\nwant %+v\nlog:\n%s", ce.Diagnostics[0], want, ce.Log)
	}
	if msg := fmt.Sprintf("scale.cu:3:%d: error: identifier \"factor\" is undefined", wantCol); !strings.Contains(err.Error(), msg) {
		t.Errorf("Error() = %q, want it to contain %q", err.Error(), msg)
	}
}

func TestCompileWarningsInLog(t *testing.T) {
	l := loadNVRTC(t)
	src := "extern \"C\" __global__ void k(float* a) { int unused; a[0] = 1.0f; }\n"
	res, err := l.Compile(Request{Source: src, Target: Target{Arch: 75}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Log, `variable "unused" was declared but never referenced`) {
		t.Errorf("Log = %q, want the unused-variable warning", res.Log)
	}
}

func TestCompileTemplateNameExpression(t *testing.T) {
	l := loadNVRTC(t)
	src := "template<int N> __global__ void k(float* a) {\n  a[threadIdx.x] *= N;\n}\n"
	res, err := l.Compile(Request{
		Name: "tmpl.cu", Source: src, Target: Target{Arch: 75},
		NameExpressions: []string{"k<32>", "k<8>", "k<32>"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"k<32>": "_Z1kILi32EEvPf", "k<8>": "_Z1kILi8EEvPf"}
	if fmt.Sprint(res.Lowered) != fmt.Sprint(want) {
		t.Errorf("Lowered = %v, want %v", res.Lowered, want)
	}
	for _, name := range want {
		if !strings.Contains(string(res.Image), ".entry "+name+"(") {
			t.Errorf("PTX has no entry %s", name)
		}
	}
}

func TestCompileBadOption(t *testing.T) {
	l := loadNVRTC(t)
	_, err := l.Compile(Request{Name: "opt.cu", Source: saxpy, Options: []string{"--no-such-option"}, Target: Target{Arch: 75}})
	var e *Error
	if !errors.As(err, &e) || e.Func != "nvrtcCompileProgram" || !strings.Contains(e.Log, "--no-such-option") {
		t.Fatalf("err = %v, want *Error from nvrtcCompileProgram naming the option", err)
	}
	if !strings.HasPrefix(err.Error(), "compile opt.cu: ") {
		t.Errorf("error %q lacks its context", err)
	}
}

func TestCompileRejectsMissingTarget(t *testing.T) {
	l := loadNVRTC(t)
	if _, err := l.Compile(Request{Source: saxpy}); err == nil {
		t.Error("compiled without a target")
	}
}

func TestCacheHit(t *testing.T) {
	l := loadNVRTC(t)
	dir := t.TempDir()
	req := Request{Name: "saxpy.cu", Source: saxpy, NameExpressions: []string{"saxpy"}, Target: Target{Arch: 75}}
	c := NewCache(dir, (*Lib).Compile)
	first, hit, err := c.Compile(l, req)
	if err != nil || hit {
		t.Fatalf("first compile: hit=%v err=%v", hit, err)
	}
	second, hit, err := c.Compile(l, req)
	if err != nil || !hit || !bytes.Equal(second.Image, first.Image) {
		t.Fatalf("second compile: hit=%v err=%v same image=%v", hit, err, bytes.Equal(second.Image, first.Image))
	}

	// A new cache on the same directory, as in a new kernel process.
	disk, hit, err := NewCache(dir, (*Lib).Compile).Compile(l, req)
	if err != nil || !hit {
		t.Fatalf("from disk: hit=%v err=%v", hit, err)
	}
	if !bytes.Equal(disk.Image, first.Image) || fmt.Sprint(disk.Lowered) != fmt.Sprint(first.Lowered) || disk.Log != first.Log || disk.CUBIN != first.CUBIN {
		t.Errorf("disk entry differs:\n got %+v\nwant %+v", disk, first)
	}

	// Anything in the key makes another entry.
	other := req
	other.Options = []string{"-DSOMETHING"}
	if _, hit, err := c.Compile(l, other); err != nil || hit {
		t.Errorf("other options: hit=%v err=%v", hit, err)
	}
}

func TestCacheMemoryOnly(t *testing.T) {
	l := loadNVRTC(t)
	c := NewCache("", (*Lib).Compile)
	req := Request{Source: saxpy, Target: Target{Arch: 75}}
	if _, hit, err := c.Compile(l, req); err != nil || hit {
		t.Fatalf("first: hit=%v err=%v", hit, err)
	}
	if _, hit, err := c.Compile(l, req); err != nil || !hit {
		t.Fatalf("second: hit=%v err=%v", hit, err)
	}
}

func TestCacheRecompilesDamagedEntry(t *testing.T) {
	l := loadNVRTC(t)
	damage := map[string]func(b []byte) []byte{
		"truncated": func(b []byte) []byte { return b[:len(b)/2] },
		"flipped":   func(b []byte) []byte { b[len(b)-10] ^= 0x20; return b },
		"empty":     func([]byte) []byte { return nil },
	}
	for name, f := range damage {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			req := Request{Name: "saxpy.cu", Source: saxpy, Target: Target{Arch: 75}}
			want, _, err := NewCache(dir, (*Lib).Compile).Compile(l, req)
			if err != nil {
				t.Fatal(err)
			}
			entries, _ := filepath.Glob(filepath.Join(dir, "nvrtc", "*"))
			if len(entries) != 1 {
				t.Fatalf("cache holds %v, want one entry", entries)
			}
			data, err := os.ReadFile(entries[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(entries[0], f(data), 0o644); err != nil {
				t.Fatal(err)
			}

			got, hit, err := NewCache(dir, (*Lib).Compile).Compile(l, req)
			if err != nil || hit {
				t.Fatalf("after damage: hit=%v err=%v; want a recompile", hit, err)
			}
			if !bytes.Equal(got.Image, want.Image) {
				t.Error("recompiled image differs")
			}
			// The entry was replaced by a good one.
			if _, hit, err := NewCache(dir, (*Lib).Compile).Compile(l, req); err != nil || !hit {
				t.Errorf("after recompile: hit=%v err=%v; want a disk hit", hit, err)
			}
		})
	}
}

func TestCacheSkipsFailures(t *testing.T) {
	l := loadNVRTC(t)
	dir := t.TempDir()
	c := NewCache(dir, (*Lib).Compile)
	req := Request{Source: "__global__ void k() { nope; }", Target: Target{Arch: 75}}
	for i := range 2 {
		if _, hit, err := c.Compile(l, req); err == nil || hit {
			t.Fatalf("compile %d: hit=%v err=%v; want a fresh failure", i, hit, err)
		}
	}
	if entries, _ := filepath.Glob(filepath.Join(dir, "nvrtc", "*")); len(entries) != 0 {
		t.Errorf("failure cached on disk: %v", entries)
	}
}

func TestCacheWarmHitIsFast(t *testing.T) {
	l := loadNVRTC(t)
	c := NewCache(t.TempDir(), (*Lib).Compile)
	req := Request{Source: strings.Repeat("// padding a typical lab kernel's size\n", 100) + saxpy, Target: Target{Arch: 75}}
	if _, _, err := c.Compile(l, req); err != nil {
		t.Fatal(err)
	}
	const n = 1000
	start := time.Now()
	for range n {
		if _, hit, err := c.Compile(l, req); err != nil || !hit {
			t.Fatalf("hit=%v err=%v", hit, err)
		}
	}
	per := time.Since(start) / n
	t.Logf("warm hit: %v", per)
	if per > time.Millisecond {
		t.Errorf("warm hit takes %v, want well under 1ms", per)
	}
}

func TestCacheConcurrent(t *testing.T) {
	l := loadNVRTC(t)
	c := NewCache(t.TempDir(), (*Lib).Compile)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			src := fmt.Sprintf("extern \"C\" __global__ void k%d(float* a) { a[0] = %d; }\n", i%4, i%4)
			res, _, err := c.Compile(l, Request{Source: src, Target: Target{Arch: 75}, NameExpressions: []string{fmt.Sprintf("k%d", i%4)}})
			if err != nil {
				t.Error(err)
				return
			}
			if !strings.Contains(string(res.Image), fmt.Sprintf(".entry k%d(", i%4)) {
				t.Errorf("goroutine %d got the wrong image", i)
			}
		})
	}
	wg.Wait()
}

func BenchmarkCacheWarmHit(b *testing.B) {
	l := loadNVRTC(b)
	c := NewCache("", (*Lib).Compile)
	req := Request{Source: saxpy, Target: Target{Arch: 75}}
	if _, _, err := c.Compile(l, req); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := c.Compile(l, req); err != nil {
			b.Fatal(err)
		}
	}
}

// A kernel that launches a kernel is refused at its launch, whatever the
// target and -rdc: culab cannot load or run it.
func TestCompileRefusesDeviceLaunch(t *testing.T) {
	l := loadNVRTC(t)
	src := "__global__ void child(int *x) { x[threadIdx.x] = 1; }\n" +
		"// child<<<1, 1>>>(x) in a comment\n" +
		"__global__ void parent(int *x) {\n\tchild<<<1, 32>>>(x);\n}\n"
	targets := []Target{{Arch: 90}}
	if tg, err := l.Target(9, 0); err == nil && tg.CUBIN {
		targets = append(targets, tg)
	}
	for _, tg := range targets {
		for _, opts := range [][]string{nil, {"-rdc=true"}} {
			_, err := l.Compile(Request{Name: "dp.cu", Source: src, Options: opts, Target: tg})
			var ce *CompileError
			if !errors.As(err, &ce) || len(ce.Diagnostics) != 1 {
				t.Errorf("%v %v: %v, want a CompileError", tg, opts, err)
				continue
			}
			if d := ce.Diagnostics[0]; d.Line != 4 || d.Column != 7 || !strings.Contains(d.Message, "dynamic parallelism") {
				t.Errorf("%v %v: %+v", tg, opts, d)
			}
		}
	}
	if _, err := l.Compile(Request{Source: saxpy, Target: Target{Arch: 90}}); err != nil {
		t.Errorf("a kernel without launches: %v", err)
	}
}
