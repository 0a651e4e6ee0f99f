package worker

import (
	"io"
	"os"

	"github.com/culab/culab/cudalib/internal/seam"
)

// Dial runs the parent's side over any connection (HardwareProfile's socket
// to a worker under ncu); the rest of this file lets cudalib's tests run
// both sides over in-memory pipes, against a fake backend.

// StartFunc starts a worker: its input, its output and how to end it.
type StartFunc = func() (io.WriteCloser, io.ReadCloser, func() error, error)

// Stage is the copy stage shared with a worker.
type Stage = stage

// Dial starts a worker with start and offers it st (nil: none) for copies.
func Dial(ordinal int, start StartFunc, st *Stage) (seam.Backend, error) {
	return dialWorkerStaged(ordinal, start, st)
}

// ServeWith serves the backend open returns over r and w, mapping the
// stage the parent offers with stageOf (nil: none).
func ServeWith(r io.Reader, w io.Writer, open func(int) (seam.Backend, error), stageOf func(size int) (*Stage, error)) error {
	return serveWith(r, w, open, stageOf)
}

// NewStage makes a stage of size bytes; MapStage maps size bytes of f.
func NewStage(size int) (*Stage, error)             { return newStage(size) }
func MapStage(f *os.File, size int) (*Stage, error) { return mapStage(f, size) }

// File is the stage's shared file.
func (s *stage) File() *os.File { return s.f }

// Staged says whether b's worker copies through a stage.
func Staged(b seam.Backend) bool {
	p, ok := b.(*procBackend)
	return ok && p.staged
}

// SetCopyChunk makes copies over the pipe travel in pieces of n bytes
// until restore is called.
func SetCopyChunk(n int) (restore func()) {
	prev := copyChunk
	copyChunk = n
	return func() { copyChunk = prev }
}
