package kernelspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

// isolate points every Jupyter location at a temporary tree and hides any
// Python, so tests never touch the real data directories.
func isolate(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", filepath.Join(root, "user"))
	t.Setenv("JUPYTER_PATH", "")
	t.Setenv("XDG_DATA_HOME", filepath.Join(root, "xdg"))
	t.Setenv("HOME", filepath.Join(root, "home"))
	t.Setenv("VIRTUAL_ENV", "")
	t.Setenv("CONDA_PREFIX", "")
	t.Setenv("PATH", filepath.Join(root, "bin")) // empty: no python3
	return root
}

// fakePython puts a python3 on PATH whose sys.prefix is prefix.
func fakePython(t *testing.T, root, prefix string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("needs a shell script")
	}
	bin := filepath.Join(root, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\necho " + prefix + "\n"
	if err := os.WriteFile(filepath.Join(bin, "python3"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

func TestInstallUser(t *testing.T) {
	root := isolate(t)
	spec, err := Install(Options{Executable: "/opt/culab/bin/culab", Version: "1.2.3"})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "user", "kernels", "culab")
	if spec.Dir != dir {
		t.Errorf("Dir = %s, want %s", spec.Dir, dir)
	}
	b, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var kj map[string]any
	if err := json.Unmarshal(b, &kj); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"argv":           []any{"/opt/culab/bin/culab", "kernel", "-f", "{connection_file}"},
		"display_name":   "Go (culab)",
		"language":       "go",
		"interrupt_mode": "message",
		"metadata":       map[string]any{"debugger": false, "culab": map[string]any{"version": "1.2.3"}},
	}
	if !reflect.DeepEqual(kj, want) {
		t.Errorf("kernel.json = %v\nwant %v", kj, want)
	}
	for _, size := range []int{32, 64} {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("logo-%dx%d.png", size, size)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if r := img.Bounds(); r.Dx() != size || r.Dy() != size {
			t.Errorf("logo %d is %v", size, r)
		}
		if _, _, _, a := img.At(size/2, size/2).RGBA(); a == 0 {
			t.Errorf("logo %d is empty in the middle", size)
		}
	}
	// No temporary files are left behind.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 {
		t.Errorf("kernelspec dir holds %d entries, want 3", len(entries))
	}

	// Reinstalling replaces; the running binary is the default argv[0].
	spec, err = Install(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !filepath.IsAbs(spec.Argv[0]) {
		t.Errorf("argv[0] %q is not absolute", spec.Argv[0])
	}
	specs, err := List()
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 1 || specs[0].Dir != dir || specs[0].Argv[0] != spec.Argv[0] {
		t.Errorf("List = %+v", specs)
	}
}

func TestUserDirFallsBackToXDG(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG applies on Linux")
	}
	root := isolate(t)
	t.Setenv("JUPYTER_DATA_DIR", "")
	d, err := Dir(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "xdg", "jupyter", "kernels", "culab"); d != want {
		t.Errorf("Dir = %s, want %s", d, want)
	}
	t.Setenv("XDG_DATA_HOME", "")
	d, err = Dir(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "home", ".local", "share", "jupyter", "kernels", "culab"); d != want {
		t.Errorf("Dir = %s, want %s", d, want)
	}
}

func TestInstallPrefixAndSysPrefix(t *testing.T) {
	root := isolate(t)
	spec, err := Install(Options{Prefix: filepath.Join(root, "pfx"), Executable: "/bin/culab"})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "pfx", "share", "jupyter", "kernels", "culab"); spec.Dir != want {
		t.Errorf("prefix Dir = %s, want %s", spec.Dir, want)
	}

	if _, err := Install(Options{SysPrefix: true}); err == nil {
		t.Error("sys-prefix without any Python environment succeeded")
	}
	t.Setenv("VIRTUAL_ENV", filepath.Join(root, "venv"))
	d, err := Dir(Options{SysPrefix: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "venv", "share", "jupyter", "kernels", "culab"); d != want {
		t.Errorf("VIRTUAL_ENV Dir = %s, want %s", d, want)
	}
	// python3 on PATH wins: it is the environment Jupyter runs from.
	fakePython(t, root, filepath.Join(root, "conda"))
	spec, err = Install(Options{SysPrefix: true, Executable: "/bin/culab"})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "conda", "share", "jupyter", "kernels", "culab"); spec.Dir != want {
		t.Errorf("sys-prefix Dir = %s, want %s", spec.Dir, want)
	}
	// List sees the sys-prefix spec, not the one under an unlisted prefix.
	specs, err := List()
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 1 || specs[0].Dir != spec.Dir {
		t.Errorf("List = %+v", specs)
	}
	t.Setenv("JUPYTER_PATH", filepath.Join(root, "pfx", "share", "jupyter"))
	if specs, err = List(); err != nil || len(specs) != 2 {
		t.Errorf("List with JUPYTER_PATH = %+v, %v", specs, err)
	}

	if _, err := Install(Options{SysPrefix: true, Prefix: "/x"}); err == nil {
		t.Error("sys-prefix and prefix together accepted")
	}
}

func TestUninstall(t *testing.T) {
	root := isolate(t)
	spec, err := Install(Options{Executable: "/bin/culab"})
	if err != nil {
		t.Fatal(err)
	}
	dir, err := Uninstall(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if dir != spec.Dir {
		t.Errorf("removed %s, want %s", dir, spec.Dir)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("kernelspec still there: %v", err)
	}
	if _, err := Uninstall(Options{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("second Uninstall: %v, want fs.ErrNotExist", err)
	}

	// Someone else's kernelspec named culab is left alone.
	foreign := filepath.Join(root, "user", "kernels", "culab")
	if err := os.MkdirAll(foreign, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(foreign, "kernel.json"), []byte(`{"argv":["x"],"metadata":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Uninstall(Options{}); err == nil {
		t.Error("removed a kernelspec culab did not write")
	}
	if specs, err := List(); err != nil || len(specs) != 0 {
		t.Errorf("List = %+v, %v; want none", specs, err)
	}
}
