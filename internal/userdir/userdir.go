// Package userdir gives culab's files a directory that only their user
// reaches. On a shared machine (a class on make hub) every other local
// user is a possible attacker: a fixed path under /tmp can be created
// first by someone else, who then owns what is written there, or hold a
// planted symbolic link that redirects the writes. A directory is used
// only when it is owned by this process's user and reached directly or
// through a link of that user's own, and it is made mode 0700.
package userdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// Private makes dir a directory of this user's alone: created where
// missing (with missing parents, mode 0700); refused where it is not a
// directory, is owned by another user or is a symbolic link that another
// user made (one of this user's own, to a directory of theirs, is
// followed); its mode set to 0700 where others could reach it. Only dir
// itself is checked: its parents are the caller's choice (a sticky /tmp,
// the user's home).
func Private(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return err
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	uid := os.Geteuid()
	flags := syscall.O_RDONLY | syscall.O_DIRECTORY | syscall.O_CLOEXEC
	if fi, err := os.Lstat(dir); err != nil {
		return err
	} else if fi.Mode()&os.ModeSymlink == 0 {
		flags |= syscall.O_NOFOLLOW
	} else if owner := fi.Sys().(*syscall.Stat_t).Uid; int(owner) != uid {
		return fmt.Errorf("%s is a symbolic link made by uid %d, not this user (uid %d): another user may have planted it to redirect this user's files (an administrator can remove it)", dir, owner, uid)
	}
	// Checked and fixed through a descriptor, so that a swap after the
	// check cannot redirect the chmod.
	fd, err := syscall.Open(dir, flags, 0)
	if err != nil {
		return fmt.Errorf("%s is not a usable directory: %w", dir, err)
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return &os.PathError{Op: "fstat", Path: dir, Err: err}
	}
	if int(st.Uid) != uid {
		return fmt.Errorf("%s is owned by uid %d, not this user (uid %d): another user may have created it to read or redirect this user's files (an administrator can remove it)", dir, st.Uid, uid)
	}
	if st.Mode&0o777 != 0o700 {
		if err := syscall.Fchmod(fd, 0o700); err != nil {
			return &os.PathError{Op: "chmod", Path: dir, Err: err}
		}
	}
	return nil
}

// Temp returns sub (such as "lineinfo") of a private directory for
// culab's temporary files, made by Private: under the first of
// $XDG_RUNTIME_DIR/culab (only where that directory is this user's, as
// the XDG spec requires), os.TempDir()/culab-UID and the user's cache
// directory's culab/tmp that Private accepts. A candidate that another
// user took (by creating /tmp/culab-UID first, say) is passed over; the
// error, when none is left, gives each one's reason.
func Temp(sub string) (string, error) {
	var errs []error
	for _, base := range tempBases() {
		if base.err != nil {
			errs = append(errs, base.err)
			continue
		}
		dir := filepath.Join(base.dir, sub)
		err := Private(base.dir)
		if err == nil {
			err = Private(dir)
		}
		if err == nil {
			return dir, nil
		}
		errs = append(errs, err)
	}
	return "", fmt.Errorf("no private directory for culab's temporary files: %w", errors.Join(errs...))
}

type candidate struct {
	dir string
	err error // why there is none
}

// tempBases are Temp's candidates, in order.
func tempBases() []candidate {
	var out []candidate
	if rt := os.Getenv("XDG_RUNTIME_DIR"); filepath.IsAbs(rt) {
		out = append(out, ownedBy(rt, "culab"))
	}
	out = append(out, candidate{dir: filepath.Join(os.TempDir(), "culab-"+strconv.Itoa(os.Geteuid()))})
	if cache, err := os.UserCacheDir(); err != nil {
		out = append(out, candidate{err: err})
	} else {
		out = append(out, candidate{dir: filepath.Join(cache, "culab", "tmp")})
	}
	return out
}

// ownedBy is parent/name where parent is this user's directory.
func ownedBy(parent, name string) candidate {
	fi, err := os.Stat(parent)
	if err != nil {
		return candidate{err: err}
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Geteuid() || !fi.IsDir() {
		return candidate{err: fmt.Errorf("XDG_RUNTIME_DIR %s is not a directory of this user's", parent)}
	}
	return candidate{dir: filepath.Join(parent, name)}
}
