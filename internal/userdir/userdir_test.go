package userdir

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/culab/culab/internal/userdir/userdirtest"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

func TestPrivateMakesAndTightens(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a", "b")
	if err := Private(dir); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, dir); !m.IsDir() || m.Perm() != 0o700 {
		t.Fatalf("made %v, want a directory of mode 0700", m)
	}
	// A directory of this user's that others could read is kept, closed.
	open := filepath.Join(root, "open")
	if err := os.Mkdir(open, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Private(open); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, open); m.Perm() != 0o700 {
		t.Fatalf("mode %v after Private, want 0700", m)
	}
	if err := Private(open); err != nil { // again: nothing to do
		t.Fatal(err)
	}
}

// A link another user planted is refused, its target left alone; a link
// of the user's own to a directory of theirs is followed.
func TestPrivateLinks(t *testing.T) {
	root := t.TempDir()
	mine := filepath.Join(root, "mine")
	if err := os.Mkdir(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(root, "own")
	if err := os.Symlink(mine, own); err != nil {
		t.Fatal(err)
	}
	if err := Private(own); err != nil {
		t.Fatalf("the user's own link: %v", err)
	}
	if m := mode(t, mine); m.Perm() != 0o700 {
		t.Errorf("the own link's directory is %v, want 0700", m)
	}

	victim := filepath.Join(root, "victim")
	if err := os.Mkdir(victim, 0o755); err != nil {
		t.Fatal(err)
	}
	planted := filepath.Join(root, "planted")
	userdirtest.Link(t, victim, planted)
	err := Private(planted)
	if err == nil || !strings.Contains(err.Error(), "symbolic link made by uid "+strconv.Itoa(userdirtest.OtherUID)) {
		t.Fatalf("a planted link: %v", err)
	}
	if m := mode(t, victim); m.Perm() != 0o755 {
		t.Errorf("the planted link's target was changed to %v", m)
	}
}

// A link of the user's own to another user's directory is refused too.
func TestPrivateRefusesOwnLinkToOthersDirectory(t *testing.T) {
	root := t.TempDir()
	theirs := filepath.Join(root, "theirs")
	userdirtest.Dir(t, theirs)
	link := filepath.Join(root, "culab")
	if err := os.Symlink(theirs, link); err != nil {
		t.Fatal(err)
	}
	if err := Private(link); err == nil || !strings.Contains(err.Error(), "owned by uid") {
		t.Fatalf("a link to another user's directory: %v", err)
	}
}

func TestPrivateRefusesFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "culab")
	if err := os.WriteFile(f, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Private(f); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Fatalf("a file: %v", err)
	}
}

func TestPrivateRefusesOthersDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "culab")
	userdirtest.Dir(t, dir)
	err := Private(dir)
	if err == nil || !strings.Contains(err.Error(), "owned by uid "+strconv.Itoa(userdirtest.OtherUID)) {
		t.Fatalf("another user's directory: %v", err)
	}
	if m := mode(t, dir); m.Perm() != 0o777 {
		t.Errorf("another user's directory was changed to %v", m)
	}
}

// tempEnv points Temp's candidates into a test directory: no runtime
// directory, TMPDIR and the cache directory of their own.
func tempEnv(t *testing.T) (tmp, cache string) {
	t.Helper()
	root := t.TempDir()
	tmp, cache = filepath.Join(root, "tmp"), filepath.Join(root, "cache")
	if err := os.Mkdir(tmp, 0o1777); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_CACHE_HOME", cache)
	return tmp, cache
}

func mine() string { return "culab-" + strconv.Itoa(os.Geteuid()) }

func TestTempUnderTMPDIR(t *testing.T) {
	tmp, _ := tempEnv(t)
	dir, err := Temp("lineinfo")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(tmp, mine(), "lineinfo"); dir != want {
		t.Fatalf("Temp = %s, want %s", dir, want)
	}
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if m := mode(t, d); !m.IsDir() || m.Perm() != 0o700 {
			t.Errorf("%s: %v, want a directory of mode 0700", d, m)
		}
	}
}

// Another user's planted link or directory at TMPDIR/culab-UID is passed
// over: the files go to the cache directory, never into the link's target
// or the other user's directory.
func TestTempAvoidsTakenTMPDIR(t *testing.T) {
	for _, take := range []string{"link", "directory"} {
		t.Run(take, func(t *testing.T) {
			tmp, cache := tempEnv(t)
			taken := filepath.Join(tmp, mine())
			if take == "link" {
				userdirtest.Link(t, t.TempDir(), taken)
			} else {
				userdirtest.Dir(t, taken)
			}
			dir, err := Temp("lineinfo")
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(cache, "culab", "tmp", "lineinfo"); dir != want {
				t.Fatalf("Temp = %s, want %s", dir, want)
			}
			if entries, err := os.ReadDir(taken); err != nil || len(entries) != 0 {
				t.Errorf("written into the taken %s: %v %v", take, entries, err)
			}
		})
	}
}

func TestTempRuntimeDir(t *testing.T) {
	tempEnv(t)
	rt := t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", rt)
	dir, err := Temp("x")
	if err != nil || dir != filepath.Join(rt, "culab", "x") {
		t.Fatalf("Temp = %s, %v; want it under XDG_RUNTIME_DIR %s", dir, err, rt)
	}
	// A runtime directory that is not this user's (sudo keeps the
	// caller's) is passed over.
	other := filepath.Join(t.TempDir(), "run")
	userdirtest.Dir(t, other)
	t.Setenv("XDG_RUNTIME_DIR", other)
	dir, err = Temp("x")
	if err != nil || strings.HasPrefix(dir, other) {
		t.Fatalf("Temp = %s, %v; want it outside another user's runtime directory", dir, err)
	}
}

// With every candidate taken, the error says why for each; nothing is
// written.
func TestTempNoneLeft(t *testing.T) {
	tmp, cache := tempEnv(t)
	if err := os.WriteFile(filepath.Join(tmp, mine()), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(cache, "culab"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cache, "culab", "tmp"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Temp("x")
	if err == nil || strings.Count(err.Error(), "not a usable directory") != 2 {
		t.Fatalf("every candidate taken: %v", err)
	}
}
