// Package userdirtest leaves, for tests, what another local user could
// leave where culab keeps a user's files: a planted link, a directory of
// theirs. Only root can give a file to another user, so its functions
// skip the test otherwise (CI runs as root).
package userdirtest

import (
	"os"
	"testing"
)

// OtherUID is the other user: not the test's.
const OtherUID = 54321

func asRoot(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("only root can make a file owned by another user")
	}
}

// Link plants a symbolic link at link to target, made by the other user.
func Link(t testing.TB, target, link string) {
	t.Helper()
	asRoot(t)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(link, OtherUID, OtherUID); err != nil {
		t.Fatal(err)
	}
}

// Dir makes dir as the other user would: theirs, and writable by all.
func Dir(t testing.TB, dir string) {
	t.Helper()
	asRoot(t)
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil { // whatever the umask
		t.Fatal(err)
	}
	if err := os.Chown(dir, OtherUID, OtherUID); err != nil {
		t.Fatal(err)
	}
}
