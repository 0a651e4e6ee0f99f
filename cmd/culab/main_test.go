package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/nvrtc"
)

func run(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := dispatch(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestInfoSaysWhyWithoutFailing(t *testing.T) {
	code, out, _ := run("info")
	if code != 0 || !strings.Contains(out, "Driver:") || !strings.Contains(out, "NVRTC:") || !strings.Contains(out, "Hardware counters") {
		t.Fatalf("info: code %d\n%s", code, out)
	}
	if strings.Contains(out, "No GPU can be used") {
		if code, _, errs := run("info", "-require-gpu"); code != 1 || !strings.Contains(errs, "no GPU can be used") {
			t.Fatalf("info -require-gpu without a GPU: code %d, %s", code, errs)
		}
	}
}

// Without NVRTC nothing compiles, on a GPU or on the virtual GPU: info
// says so and how to fix it, and does not promise the virtual GPU.
func TestInfoWithoutNVRTC(t *testing.T) {
	defer func(p func() cudalib.Report) { probe = p }(probe)
	probe = func() cudalib.Report {
		return cudalib.Report{DriverErr: errors.New("load libcuda.so.1: not found"), DeviceErr: errors.New("load libcuda.so.1: not found"),
			NVRTCErr: errors.New("load NVRTC: no library could be opened"), Choice: "virtual"}
	}
	code, out, _ := run("info")
	for _, want := range []string{"NVRTC:   not available: load NVRTC", "NVRTC is missing: no CUDA C can be compiled, so no kernel can run", "Fix: install NVRTC", "apt-get install libnvrtc"} {
		if !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}
	if code != 0 || strings.Contains(out, "kernels run on the virtual GPU") {
		t.Errorf("info: code %d\n%s", code, out)
	}
}

func TestUsageAndUnknownCommands(t *testing.T) {
	if code, _, errs := run(); code != 2 || !strings.Contains(errs, "usage: culab") {
		t.Fatalf("no args: %d %s", code, errs)
	}
	if code, _, errs := run("frobnicate"); code != 2 || !strings.Contains(errs, `unknown command "frobnicate"`) {
		t.Fatalf("unknown: %d %s", code, errs)
	}
	if code, _, errs := run("install", "--user", "--prefix", "/x"); code != 1 || !strings.Contains(errs, "choose one") {
		t.Fatalf("conflicting flags: %d %s", code, errs)
	}
}

func TestInstallListUninstall(t *testing.T) {
	dir := t.TempDir()
	if code, out, errs := run("install", "--prefix", dir); code != 0 || !strings.Contains(out, "Go (culab)") {
		t.Fatalf("install: %d %s %s", code, out, errs)
	}
	if code, out, errs := run("uninstall", "--prefix", dir); code != 0 || !strings.Contains(out, "removed") {
		t.Fatalf("uninstall: %d %s %s", code, out, errs)
	}
}

// A report's first line names its device and says whether its times are
// measured or modelled.
func TestReportTitle(t *testing.T) {
	v := cudalib.Report{Choice: "virtual", Virtual: cudalib.Info{Name: "culab virtual GPU (H100 model)"}}
	g := cudalib.Report{Choice: "gpu", Devices: []cudalib.Info{{Name: "NVIDIA H100 80GB HBM3"}}}
	if s := reportTitle(v); !strings.Contains(s, "virtual GPU") || !strings.Contains(s, "MODELED") {
		t.Errorf("virtual: %q", s)
	}
	if s := reportTitle(g); !strings.Contains(s, "H100 80GB") || !strings.Contains(s, "measured") {
		t.Errorf("gpu: %q", s)
	}
}

// A profile is written to a new file only: a link or a file already at
// its predictable name (another user's, under a shared /tmp) is refused
// with the reason, and nothing is written through it.
func TestCPUProfileMakesANewFile(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "p")
	t.Setenv(envCPUProfile, prefix)
	var errb bytes.Buffer
	cpuProfile("test", &errb)()
	path := fmt.Sprintf("%s.test.%d.pprof", prefix, os.Getpid())
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 || fi.Mode().Perm() != 0o600 || errb.Len() != 0 {
		t.Fatalf("profile: %v %v; stderr %q", fi, err, errb.String())
	}

	os.Remove(path)
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	cpuProfile("test", &errb)()
	if b, _ := os.ReadFile(victim); string(b) != "keep" || !strings.Contains(errb.String(), "file exists") {
		t.Fatalf("through a planted link: victim %q, stderr %q", b, errb.String())
	}
}

// `culab run` puts a kernel's device printf in the cell that launched it,
// as the Jupyter kernel does, not on the command's own output (where it
// went before, leaving the executed notebook without it).
func TestRunKeepsDevicePrintfInTheNotebook(t *testing.T) {
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("no NVRTC to compile kernels: %v", err)
	}
	t.Setenv("CULAB_DEVICE", "virtual")
	dir := t.TempDir()
	cells := []string{
		"%%cuda\n#include <cstdio>\n__global__ void hello() { printf(\"hello from thread %d\\n\", threadIdx.x); }",
		"dev, err := nb.Device()\nif err != nil {\n\tpanic(err)\n}\nk, err := nb.Kernel(\"hello\")\nif err != nil {\n\tpanic(err)\n}\nfmt.Println(\"before\")\nif err := k.Run(cudalib.Linear(4, 4)); err != nil {\n\tpanic(err)\n}\nif err := dev.Synchronize(); err != nil {\n\tpanic(err)\n}\nfmt.Println(\"after\")",
	}
	in := writeNotebook(t, dir, "printf.ipynb", cells)
	code, stdout, stderr := run("run", "-o", filepath.Join(dir, "out"), in)
	if code != 0 {
		t.Fatalf("culab run: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if strings.Contains(stdout+stderr, "hello from") {
		t.Errorf("device printf reached the command's output:\n%s%s", stdout, stderr)
	}
	text := cellText(t, filepath.Join(dir, "out", "printf.ipynb"), 1, "stdout")
	want := "before\nhello from thread 0\nhello from thread 1\nhello from thread 2\nhello from thread 3\nafter\n"
	if !strings.HasSuffix(text, want) {
		t.Errorf("the launching cell's stdout:\n%q\nwant it to end with\n%q", text, want)
	}
}

// A compile whose macros expand without end is stopped at the compile
// memory limit with an error that says so, and compiles go on after it:
// NVRTC runs in a child process (compile-worker) that culab kills.
func TestRunStopsARunawayCompile(t *testing.T) {
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("no NVRTC to compile kernels: %v", err)
	}
	t.Setenv("CULAB_DEVICE", "virtual")
	t.Setenv("CULAB_COMPILE_MEMORY", "512MiB")
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // compiled afresh, not from a cache
	dir := t.TempDir()
	bomb := writeNotebook(t, dir, "bomb.ipynb", []string{"%%cuda\n#define A(x) x x x x x x x x x x\n#define B(x) A(A(A(x)))\n" +
		"#define C(x) B(B(B(x)))\n__device__ int v[] = { C(1,) };\n__global__ void k() {}"})
	if code, stdout, stderr := run("run", "-o", filepath.Join(dir, "out"), bomb); code == 0 {
		t.Fatalf("culab run of a runaway compile succeeded\nstdout %s\nstderr %s", stdout, stderr)
	}
	if text := cellText(t, filepath.Join(dir, "out", "bomb.ipynb"), 0, "error"); !strings.Contains(text, "past the 512 MiB a compile may use") {
		t.Errorf("the runaway compile's cell says %q", text)
	}
	good := writeNotebook(t, dir, "good.ipynb", []string{"%%cuda\n__global__ void k(int* x) { *x = 1; }", `fmt.Println("compiled")`})
	if code, stdout, stderr := run("run", "-o", filepath.Join(dir, "out"), good); code != 0 {
		t.Fatalf("culab run after a runaway compile: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
}

// TestMain serves the worker commands: a culab that a test runs starts
// its workers as this executable (os.Executable).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && (os.Args[1] == workerCommand || os.Args[1] == compileCommand) {
		os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// writeNotebook writes a notebook of code cells to dir/name.
func writeNotebook(t *testing.T, dir, name string, cells []string) string {
	t.Helper()
	var nbCells []map[string]any
	for i, c := range cells {
		nbCells = append(nbCells, map[string]any{"cell_type": "code", "id": fmt.Sprint("c", i), "metadata": map[string]any{},
			"execution_count": nil, "outputs": []any{}, "source": c})
	}
	src, err := json.Marshal(map[string]any{"cells": nbCells, "metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// cellText is the text of an executed notebook's cell's outputs of one
// kind: a stream's name ("stdout"), or "error" for its error's name, value
// and traceback.
func cellText(t *testing.T, path string, cell int, kind string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Cells []struct {
			Outputs []struct {
				Type      string `json:"output_type"`
				Name      string `json:"name"`
				Text      any    `json:"text"`
				EName     string `json:"ename"`
				EValue    string `json:"evalue"`
				Traceback []any  `json:"traceback"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if cell >= len(out.Cells) {
		t.Fatalf("%s has %d cells, no cell %d", path, len(out.Cells), cell)
	}
	var text strings.Builder
	for _, o := range out.Cells[cell].Outputs {
		switch {
		case kind == "error" && o.Type == "error":
			fmt.Fprintln(&text, o.EName, o.EValue, fmt.Sprint(o.Traceback...))
		case o.Name == kind:
			switch v := o.Text.(type) {
			case string:
				text.WriteString(v)
			case []any:
				for _, l := range v {
					text.WriteString(fmt.Sprint(l))
				}
			}
		}
	}
	return text.String()
}
