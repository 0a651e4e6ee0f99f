// Package nb is what a notebook cell needs from the kernel beyond the
// libraries: the default device (shared with the %%cuda and %gpu magics), the
// kernels and module variables that %%cuda cells compiled, and a line of
// input from the front end. Cells see it preloaded as nb.
//
// Outside a culab notebook (a plain program, a test) no Host is installed:
// Kernel, Symbol and ReadLine then return ErrNoHost, and Device still works.
package nb

import (
	"errors"
	"fmt"
	"sync"

	"github.com/culab/culab/cudalib"
)

// Host is what the kernel's engine provides; it installs one with SetHost.
type Host interface {
	// Input asks the front end for a line of text (input_request); it
	// fails when the running cell may not read input.
	Input(prompt string, password bool) (string, error)
	// Kernel returns a kernel that a %%cuda cell defined.
	Kernel(name string) (*cudalib.Kernel, error)
	// Symbol returns a __constant__ or __device__ variable that a %%cuda
	// cell defined.
	Symbol(name string) (*cudalib.Symbol, error)
}

// ErrNoHost is returned where only a notebook can answer.
var ErrNoHost = errors.New("nb: not running in a culab notebook")

var (
	hostMu sync.Mutex
	host   Host

	devMu sync.Mutex
	dev   *cudalib.Device
)

// SetHost installs h and returns a function that restores the previous
// host. The kernel's engine calls it; cells need not.
func SetHost(h Host) (restore func()) {
	hostMu.Lock()
	prev := host
	host = h
	hostMu.Unlock()
	return func() {
		hostMu.Lock()
		host = prev
		hostMu.Unlock()
	}
}

func currentHost() Host {
	hostMu.Lock()
	defer hostMu.Unlock()
	return host
}

// Device returns the notebook's default device (cudalib.Open: GPU 0, or
// the virtual GPU where no GPU can be used, which the cell is told once),
// opening it on first use; the %%cuda and %gpu magics use the same one.
// When no device can be used the error says why, and a later call tries
// again. A cell that closed the device (dev.Close()) gets a new one: the
// closed one refuses everything and told it to call Device again.
func Device() (*cudalib.Device, error) {
	devMu.Lock()
	defer devMu.Unlock()
	if dev != nil && !dev.Closed() {
		return dev, nil
	}
	d, err := cudalib.Open()
	if err != nil {
		return nil, fmt.Errorf("nb.Device: %w", err)
	}
	dev = d
	return d, nil
}

// Kernel returns the __global__ function name from the %%cuda cells run so
// far; when several cells define it, the last one wins. A template
// instantiation such as "mm_tiled<32>" is compiled on first use.
func Kernel(name string) (*cudalib.Kernel, error) {
	h := currentHost()
	if h == nil {
		return nil, ErrNoHost
	}
	return h.Kernel(name)
}

// Symbol returns the __constant__ or __device__ variable name of the
// %%cuda cells run so far (cudaMemcpyToSymbol's symbol): when several
// cells' modules have one, the last cell wins, as for Kernel. Set it with
// CopyFrom (a slice, or &x) before launching the cell's kernels; read it
// with CopyTo. A variable in a namespace is named "ns::name".
func Symbol(name string) (*cudalib.Symbol, error) {
	h := currentHost()
	if h == nil {
		return nil, ErrNoHost
	}
	return h.Symbol(name)
}

// ReadLine shows prompt in the notebook and returns the line the user
// typed. It fails when the front end does not allow input for the cell.
func ReadLine(prompt string) (string, error) {
	h := currentHost()
	if h == nil {
		return "", ErrNoHost
	}
	return h.Input(prompt, false)
}
