package kernel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/culab/culab/internal/userdir/userdirtest"
)

// The history holds the user's cells: its directory is made private, and
// one planted as a link by another user is refused, nothing written
// through it.
func TestHistoryDirectoryIsPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "culab")
	h, err := openHistory(dir)
	if err != nil {
		t.Fatal(err)
	}
	h.f.Close()
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("history directory %v %v, want mode 0700", fi, err)
	}

	target, link := t.TempDir(), filepath.Join(t.TempDir(), "culab")
	userdirtest.Link(t, target, link)
	if _, err := openHistory(link); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("history through a planted link: %v", err)
	}
	if entries, _ := os.ReadDir(target); len(entries) != 0 {
		t.Errorf("written through the link: %v", entries)
	}
}
