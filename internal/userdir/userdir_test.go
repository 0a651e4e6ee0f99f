package userdir

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// otherUID is a user that is not this test's.
const otherUID = 54321

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

// ownedByOther makes dir as another user would: world-writable, owned by
// otherUID. Only root can give a file away; CI runs as root.
func ownedByOther(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("only root can make a directory owned by another user")
	}
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, otherUID, otherUID); err != nil {
		t.Fatal(err)
	}
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

func TestPrivateRefusesLink(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "victim")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "culab")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	err := Private(link)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("a planted link: %v", err)
	}
	if m := mode(t, target); m.Perm() != 0o755 {
		t.Errorf("the link's target was changed to %v", m)
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
	ownedByOther(t, dir)
	err := Private(dir)
	if err == nil || !strings.Contains(err.Error(), "owned by uid "+strconv.Itoa(otherUID)) {
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
				if err := os.Symlink(t.TempDir(), taken); err != nil {
					t.Fatal(err)
				}
			} else {
				ownedByOther(t, taken)
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
	ownedByOther(t, other)
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
	if err := os.Symlink(t.TempDir(), filepath.Join(tmp, mine())); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(cache, "culab"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cache, "culab", "tmp"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Temp("x")
	if err == nil || !strings.Contains(err.Error(), "symbolic link") || !strings.Contains(err.Error(), "not a directory") {
		t.Fatalf("every candidate taken: %v", err)
	}
}
