package worker

import (
	"fmt"
	"os"
	"syscall"
)

// A worker's copies travel through a stage: a file in shared memory that
// the parent and the worker both map. The parent copies host data into it
// and the worker copies it to the device (and back the other way), so a
// gigabyte costs two memory copies instead of encoding, a pipe and
// decoding (0.27 GB/s on an H100 host, bench/RESULTS.md).

// stageSize is the stage's size: a copy larger than this goes in pieces.
// A variable only so tests can shrink it.
var stageSize = 64 << 20

// stage is one mapping of the shared region.
type stage struct {
	f   *os.File
	mem []byte
}

// newStage creates the shared region: a deleted file in /dev/shm (the
// temporary directory where there is none), mapped here. Though the
// directory is shared by every user, the file is safe from them: new
// (O_EXCL) under a random name, mode 0600, and unlinked at once.
func newStage(size int) (*stage, error) {
	dir := "/dev/shm"
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, "culab-stage-")
	if err != nil {
		return nil, fmt.Errorf("copy stage: %w", err)
	}
	os.Remove(f.Name()) // the open descriptors keep it
	if err := f.Truncate(int64(size)); err != nil {
		f.Close()
		return nil, fmt.Errorf("copy stage: %w", err)
	}
	return mapStage(f, size)
}

// mapStage maps size bytes of f (the worker's inherited descriptor, or
// the parent's own), after checking that f is a file that large.
func mapStage(f *os.File, size int) (*stage, error) {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < int64(size) || size <= 0 {
		f.Close()
		return nil, fmt.Errorf("copy stage: descriptor %d is not a shared file of %d bytes", f.Fd(), size)
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("copy stage: mmap: %w", err)
	}
	return &stage{f: f, mem: mem}, nil
}

func (s *stage) close() {
	if s == nil {
		return
	}
	syscall.Munmap(s.mem)
	s.f.Close()
}
