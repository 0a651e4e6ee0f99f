package cudabackend

import (
	"os"
	"strings"
	"testing"
)

// Under a tool, a module is compiled from a copy of its source on disk
// that a #line directive names, so that the tool can show its lines.
func TestSourceOnDiskForTools(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	src := "__global__ void k(float *x) { x[0] = 1; }\n"
	got := sourceOnDisk("In[3].cu", src)
	first, rest, _ := strings.Cut(got, "\n")
	if rest != src || !strings.HasPrefix(first, "#line 1 \"") || !strings.HasSuffix(first, "/In[3].cu\"") {
		t.Fatalf("source under a tool:\n%s", got)
	}
	path := strings.TrimSuffix(strings.TrimPrefix(first, "#line 1 \""), "\"")
	if b, err := os.ReadFile(path); err != nil || string(b) != src {
		t.Fatalf("the file the line info names: %q, %v", b, err)
	}
	if opts := withLineInfo([]string{"-O3"}); len(opts) != 2 || opts[1] != "-lineinfo" {
		t.Errorf("options: %q", opts)
	}
	if opts := withLineInfo([]string{"-lineinfo"}); len(opts) != 1 {
		t.Errorf("-lineinfo twice: %q", opts)
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
