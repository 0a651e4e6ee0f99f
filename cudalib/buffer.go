package cudalib

//go:generate go run gen_buffers.go

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"unsafe"

	"github.com/culab/culab/cudalib/internal/seam"
)

// Buffer is any typed device buffer (Float32s, Int32s, ...). A Buffer
// passed as a kernel argument becomes its device pointer.
type Buffer interface {
	Len() int
	Bytes() int
	Free() error
	mem() *devMem
}

// ErrFreed is returned for a buffer used after Free or after Device.Reset.
var ErrFreed = errors.New("buffer was freed (or the device was reset or closed since it was made)")

// devMem is the untyped part every buffer shares.
type devMem struct {
	dev      *Device
	gen      int
	elemSize int
	n        int
	elemName string

	mu    sync.Mutex
	ptr   seam.DevPtr
	freed bool
}

// errNilBuffer is the error of any use of a nil buffer.
var errNilBuffer = errors.New("nil buffer (was it allocated? check the error of its constructor)")

func (m *devMem) Len() int {
	if m == nil {
		return 0
	}
	return m.n
}

func (m *devMem) Bytes() int { return m.Len() * m.elemSizeOr0() }

func (m *devMem) elemSizeOr0() int {
	if m == nil {
		return 0
	}
	return m.elemSize
}

func (m *devMem) Free() error {
	if m == nil {
		return errNilBuffer
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.freed {
		return nil
	}
	m.freed = true
	if m.gen != m.dev.generation() || m.n == 0 {
		return nil // the reset already released it
	}
	if err := m.dev.b.Free(m.ptr); err != nil {
		return fmt.Errorf("free %d×%s: %w", m.n, m.elemName, err)
	}
	return nil
}

// live returns the device pointer, or an error if the buffer is dead.
func (m *devMem) live() (seam.DevPtr, error) {
	if m == nil {
		return 0, errNilBuffer
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.freed || m.gen != m.dev.generation() {
		return 0, fmt.Errorf("%d×%s: %w", m.n, m.elemName, ErrFreed)
	}
	return m.ptr, nil
}

// describe is a buffer's String: its type, length, size and state.
// on refuses a buffer of another device than d: its address means nothing
// there, or another allocation's bytes (the virtual GPUs' address spaces
// overlap), so using it would read or write the wrong memory silently.
func (m *devMem) on(d *Device) error {
	if m.dev == d {
		return nil
	}
	other := "another device"
	if m.dev != nil && m.dev.String() != d.String() {
		other = m.dev.String()
	}
	return fmt.Errorf("the buffer (%d×%s) belongs to %s, not to %v: allocate it on this device, or copy it through the host (ToHost, then dev.…From)", m.n, m.elemName, other, d)
}

func (m *devMem) describe(typ string) string {
	if m == nil {
		return "cudalib." + typ + "(nil)"
	}
	state := ""
	if _, err := m.live(); err != nil {
		state = ", freed"
	}
	return fmt.Sprintf("cudalib.%s(%d×%s, %s on the device%s)", typ, m.n, m.elemName, human(uint64(m.Bytes())), state)
}

func (d *Device) allocMem(n, elemSize int, elemName string) (*devMem, error) {
	if n < 0 {
		return nil, fmt.Errorf("allocate %d×%s: negative length", n, elemName)
	}
	if n > math.MaxInt/elemSize {
		return nil, fmt.Errorf("allocate %d×%s: size overflows", n, elemName)
	}
	if err := d.usable(); err != nil {
		return nil, fmt.Errorf("allocate %d×%s: %w", n, elemName, err)
	}
	m := &devMem{dev: d, gen: d.generation(), elemSize: elemSize, n: n, elemName: elemName}
	if n == 0 {
		return m, nil
	}
	p, err := d.b.Alloc(n * elemSize)
	if err != nil {
		return nil, fmt.Errorf("allocate %d×%s (%d bytes): %w", n, elemName, n*elemSize, d.explainAlloc(err, n*elemSize))
	}
	m.ptr = p
	return m, nil
}

// mapMem makes the n elements at host device memory (MapFloat64s, …).
func (d *Device) mapMem(host unsafe.Pointer, n, elemSize int, elemName string) (*devMem, error) {
	if err := d.usable(); err != nil {
		return nil, fmt.Errorf("map %d×%s: %w", n, elemName, err)
	}
	hm, ok := d.b.(seam.HostMapper)
	if !ok {
		return nil, fmt.Errorf("map %d×%s: only the virtual GPU maps host memory", n, elemName)
	}
	m := &devMem{dev: d, gen: d.generation(), elemSize: elemSize, n: n, elemName: elemName}
	if n == 0 {
		return m, nil
	}
	p, err := hm.MapHost(host, n*elemSize)
	if err != nil {
		return nil, fmt.Errorf("map %d×%s (%d bytes): %w", n, elemName, n*elemSize, d.explainAlloc(err, n*elemSize))
	}
	m.ptr = p
	return m, nil
}

// explainAlloc turns a driver out-of-memory error into one that says what
// was asked for and what is free.
func (d *Device) explainAlloc(err error, bytes int) error {
	if !isOutOfMemory(err) {
		return err
	}
	free, total, _ := d.b.MemInfo()
	return &OutOfMemoryError{Requested: uint64(bytes), Free: free, Total: total, Err: err}
}

// Typed element access below is shared through these generic helpers; the
// exported per-type wrappers exist because yaegi cannot bind generics.

func copyIn[T any](m *devMem, src []T) error {
	if m == nil {
		return errNilBuffer
	}
	if len(src) != m.n {
		return fmt.Errorf("copy %d elements into a buffer of %d×%s: size mismatch", len(src), m.n, m.elemName)
	}
	return copyInAt(m, 0, src)
}

// copyInAt copies src to elements [off, off+len(src)) of m: a host write
// of part of a buffer (the sanitizer counts exactly those bytes written).
func copyInAt[T any](m *devMem, off int, src []T) error {
	if m == nil {
		return errNilBuffer
	}
	if off < 0 || off > m.n || len(src) > m.n-off {
		return fmt.Errorf("copy %d elements to element %d of a buffer of %d×%s: out of range", len(src), off, m.n, m.elemName)
	}
	p, err := m.live()
	if err != nil || len(src) == 0 {
		return err
	}
	n := len(src) * m.elemSize
	if err := m.dev.b.CopyHtoD(p+seam.DevPtr(off*m.elemSize), unsafe.Pointer(&src[0]), n); err != nil {
		return fmt.Errorf("copy to device (%d×%s at element %d): %w", len(src), m.elemName, off, err)
	}
	return nil
}

func copyOutAt[T any](m *devMem, off int, dst []T) error {
	if m == nil {
		return errNilBuffer
	}
	if off < 0 || off > m.n || len(dst) > m.n-off {
		return fmt.Errorf("copy %d elements from element %d of a buffer of %d×%s: out of range", len(dst), off, m.n, m.elemName)
	}
	p, err := m.live()
	if err != nil || len(dst) == 0 {
		return err
	}
	if err := m.dev.b.CopyDtoH(unsafe.Pointer(&dst[0]), p+seam.DevPtr(off*m.elemSize), len(dst)*m.elemSize); err != nil {
		return fmt.Errorf("copy to host (%d×%s from element %d): %w", len(dst), m.elemName, off, err)
	}
	return nil
}

func copyOut[T any](m *devMem, dst []T) error {
	if m == nil {
		return errNilBuffer
	}
	if len(dst) != m.n {
		return fmt.Errorf("copy a buffer of %d×%s into %d elements: size mismatch", m.n, m.elemName, len(dst))
	}
	p, err := m.live()
	if err != nil || m.n == 0 {
		return err
	}
	if err := m.dev.b.CopyDtoH(unsafe.Pointer(&dst[0]), p, m.Bytes()); err != nil {
		return fmt.Errorf("copy to host (%d×%s): %w", m.n, m.elemName, err)
	}
	return nil
}

func toHost[T any](m *devMem) ([]T, error) {
	if m == nil {
		return nil, errNilBuffer
	}
	out := make([]T, m.n)
	if err := copyOut(m, out); err != nil {
		return nil, err
	}
	return out, nil
}

func fill(m *devMem, pattern uint64) error {
	p, err := m.live() // nil-safe
	if err != nil || m.n == 0 {
		return err
	}
	if err := m.dev.b.Fill(p, pattern, m.elemSize, m.n); err != nil {
		return fmt.Errorf("fill %d×%s: %w", m.n, m.elemName, err)
	}
	return nil
}

// Copy copies src into dst on the device (cuMemcpyDtoD): the "library copy"
// of the launch-configuration lab. Both must have the same size in bytes.
func (d *Device) Copy(dst, src Buffer) error {
	if err := d.usable(); err != nil {
		return fmt.Errorf("device copy: %w", err)
	}
	if dst == nil || src == nil || isNilBuffer(dst) || isNilBuffer(src) {
		return fmt.Errorf("device copy: %w", errNilBuffer)
	}
	dm, sm := dst.mem(), src.mem()
	if err := dm.on(d); err != nil {
		return fmt.Errorf("device copy: destination: %w", err)
	}
	if err := sm.on(d); err != nil {
		return fmt.Errorf("device copy: source: %w", err)
	}
	if dm.Bytes() != sm.Bytes() {
		return fmt.Errorf("device copy: destination has %d bytes, source %d: size mismatch", dm.Bytes(), sm.Bytes())
	}
	dp, err := dm.live()
	if err != nil {
		return fmt.Errorf("device copy: destination: %w", err)
	}
	sp, err := sm.live()
	if err != nil {
		return fmt.Errorf("device copy: source: %w", err)
	}
	if dm.Bytes() == 0 {
		return nil
	}
	if err := d.b.CopyDtoD(dp, sp, dm.Bytes()); err != nil {
		return fmt.Errorf("device copy of %d bytes: %w", dm.Bytes(), err)
	}
	return nil
}
