package cudabackend

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/culab/culab/internal/userdir/userdirtest"
)

// Under a tool, a module is compiled from a copy of its source on disk
// that a #line directive names, so that the tool can show its lines.
func TestSourceOnDiskForTools(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", tmp)
	src := "__global__ void k(float *x) { x[0] = 1; }\n"
	path := onDisk(t, "In[3].cu", src)
	if want := filepath.Join(tmp, "culab-"+strconv.Itoa(os.Geteuid()), "lineinfo"); !strings.HasPrefix(path, want+"/") || filepath.Base(path) != "In[3].cu" {
		t.Fatalf("written to %s, want In[3].cu under %s", path, want)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the copy: %v, %v; want it readable by its user alone", fi, err)
	}
	if again := onDisk(t, "In[3].cu", src); again != path {
		t.Fatalf("the same source again went to %s, not %s", again, path)
	}
	if opts := withLineInfo([]string{"-O3"}); len(opts) != 2 || opts[1] != "-lineinfo" {
		t.Errorf("options: %q", opts)
	}
	if opts := withLineInfo([]string{"-lineinfo"}); len(opts) != 1 {
		t.Errorf("-lineinfo twice: %q", opts)
	}
}

// onDisk is sourceOnDisk's file, checked to hold src.
func onDisk(t *testing.T, name, src string) string {
	t.Helper()
	got, err := sourceOnDisk(name, src)
	if err != nil {
		t.Fatal(err)
	}
	first, rest, _ := strings.Cut(got, "\n")
	if rest != src || !strings.HasPrefix(first, "#line 1 \"") {
		t.Fatalf("source under a tool:\n%s", got)
	}
	path := strings.TrimSuffix(strings.TrimPrefix(first, "#line 1 \""), "\"")
	if b, err := os.ReadFile(path); err != nil || string(b) != src {
		t.Fatalf("the file the line info names: %q, %v", b, err)
	}
	return path
}

// On a shared machine another user may plant a link where this user's
// directory would be: the copy goes elsewhere, never through the link.
func TestSourceOnDiskPassesOverPlantedLink(t *testing.T) {
	tmp, cache, victim := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_CACHE_HOME", cache)
	userdirtest.Link(t, victim, filepath.Join(tmp, "culab-"+strconv.Itoa(os.Geteuid())))
	path := onDisk(t, "In[1].cu", "__global__ void k() {}\n")
	if !strings.HasPrefix(path, cache+"/") {
		t.Errorf("written to %s, want it under the cache directory %s", path, cache)
	}
	if entries, _ := os.ReadDir(victim); len(entries) != 0 {
		t.Errorf("written through the planted link: %v", entries)
	}
}

// Where no private directory can be had the caller gets the reason (the
// compile log says it), never a silent loss.
func TestSourceOnDiskSaysWhy(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_CACHE_HOME", tmp)
	t.Setenv("HOME", "")
	for _, p := range []string{filepath.Join(tmp, "culab-"+strconv.Itoa(os.Geteuid())), filepath.Join(tmp, "culab")} {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := sourceOnDisk("In[1].cu", "x"); err == nil {
		t.Fatalf("no directory to write in, yet: %q", got)
	}
}

func TestUnderTool(t *testing.T) {
	t.Setenv(EnvLineInfo, "")
	if underTool() != toolInjected() {
		t.Error("without CULAB_LINEINFO, a tool decides")
	}
	t.Setenv(EnvLineInfo, "1")
	if !underTool() {
		t.Error("CULAB_LINEINFO=1 was not seen")
	}
}
