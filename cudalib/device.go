// Package cudalib compiles CUDA C source at run time, launches its kernels
// with Go values as arguments, times them with device events and moves data
// to and from the device.
//
// The API has no generic exported functions or types, because notebook cells
// call it through an interpreter that cannot bind them: each element type has
// its own buffer type (Float32s, Float64s, Int32s, ...).
//
// Go int arguments are passed to kernels as 32-bit int (CUDA's int); an int
// that does not fit is an error, never silently truncated.
package cudalib

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/cudabackend"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/internal/worker"
)

// Device is one GPU with its primary context, or the virtual GPU. Its
// methods are safe for concurrent use.
type Device struct {
	b       seam.Backend
	ordinal int

	mu     sync.Mutex
	gen    int  // bumped by Reset and Close: handles from older generations are dead
	closed bool // Close was called: nothing more is made on it
	info   Info

	loaded loadedModules // images shared by Modules compiled from the same source
}

// Open opens the default device: the first GPU or, where no GPU can be
// used, the virtual GPU (see OpenVirtual), which it says once, with the
// reason. CULAB_DEVICE=gpu or CULAB_DEVICE=virtual forces either;
// CULAB_DEVICE=virtual:NAME opens the virtual GPU modelling that GPU
// (OpenVirtualGPU).
func Open() (*Device, error) { return OpenDevice(0) }

// A process has one primary context per GPU, so it has one Device per GPU:
// opening a GPU again returns the same Device. Where the virtual GPU stands
// in for GPU 0, opened holds it, so later opens do not try the GPU again.
var (
	openMu sync.Mutex
	opened = map[int]*Device{}
)

// OpenDevice opens GPU number i (0-based), or for i = 0 the virtual GPU as
// Open does. It never panics: when no device can be used the error says
// exactly why (library missing, no device, ...).
func OpenDevice(i int) (*Device, error) {
	how, model, err := choice()
	if err != nil {
		return nil, fmt.Errorf("open device %d: %w", i, err)
	}
	if how == chooseVirtual {
		if i != 0 {
			return nil, fmt.Errorf("open device %d: %s=virtual: the virtual GPU is device 0", i, EnvDevice)
		}
		return openVirtualAs(model, EnvDevice+"="+os.Getenv(EnvDevice))
	}
	openMu.Lock()
	defer openMu.Unlock()
	if d, ok := opened[i]; ok && (d.b.Hardware() || how != chooseGPU) {
		return d, nil
	}
	var b seam.Backend
	if args := workerCommand(); args != nil {
		b, err = worker.Open(i, args)
	} else {
		b, err = cudabackend.Open(i)
	}
	switch {
	case err == nil:
	case how == chooseAuto && i == 0 && kindOf(err) == KindUnavailable:
		d, verr := openVirtualAs(model, "No GPU can be used ("+whyUnavailable(err)+")")
		if verr != nil {
			return nil, fmt.Errorf("open device 0: %w; and the virtual GPU: %w", err, verr)
		}
		opened[0] = d
		return d, nil
	case how == chooseGPU:
		return nil, fmt.Errorf("open device %d: %s=gpu, but no GPU can be used: %w", i, EnvDevice, err)
	default:
		return nil, fmt.Errorf("open device %d: %w", i, err)
	}
	d := &Device{b: b, ordinal: i, info: b.Info()}
	opened[i] = d
	return d, nil
}

// whyUnavailable is the driver's own words for why no GPU can be used.
func whyUnavailable(err error) string {
	var de *DeviceError
	if errors.As(err, &de) && de.Msg != "" {
		return de.Msg
	}
	return err.Error()
}

// openVirtualAs opens the virtual GPU modelling g and, the first time,
// says why.
func openVirtualAs(g gpus.GPU, why string) (*Device, error) {
	d, fresh, err := openVirtual(g)
	if err == nil && fresh {
		notice("%s", virtualNotice(why, d.info.Name))
	}
	return d, err
}

// ModeledGPU is the GPU the virtual GPU d models (its device query,
// limits and times); false on a GPU.
func (d *Device) ModeledGPU() (gpus.GPU, bool) {
	if tm, ok := d.b.(seam.TimeModeler); ok {
		return tm.GPU(), true
	}
	return gpus.GPU{}, false
}

// Info describes the device: what the seed labs' device queries print.
func (d *Device) Info() Info { return d.info }

// String names the device in one line.
func (d *Device) String() string {
	return fmt.Sprintf("%s (sm_%d%d, %d SMs)", d.info.Name, d.info.Major, d.info.Minor, d.info.SMCount)
}

// MemInfo reports free and total device memory in bytes.
func (d *Device) MemInfo() (free, total uint64, err error) {
	free, total, err = d.b.MemInfo()
	if err != nil {
		return 0, 0, fmt.Errorf("memory info: %w", err)
	}
	return free, total, nil
}

// Synchronize waits for all work on the device and reports a kernel fault
// raised by any earlier asynchronous launch.
func (d *Device) Synchronize() error {
	if err := d.b.Synchronize(); err != nil {
		return fmt.Errorf("synchronize: %w", err)
	}
	return nil
}

// Reset recovers the device after a kernel fault (an illegal address leaves
// the context unusable), so a notebook need not restart. Every buffer,
// module, kernel and stream made before Reset is invalid afterwards; using
// one returns an error.
func (d *Device) Reset() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.b.Reset(); err != nil {
		if IsFault(err) {
			// Measured on driver 580 (CUDA 13): a sticky fault survives
			// cuDevicePrimaryCtxReset in every order of reset, release and
			// retain; only a new process gets a working context.
			return fmt.Errorf("reset device %d: the CUDA driver keeps this process's GPU context faulted after a kernel fault; restart the notebook kernel (or the program) to use the GPU again: %w", d.ordinal, err)
		}
		return fmt.Errorf("reset device %d: %w", d.ordinal, err)
	}
	d.gen++
	return nil
}

// Close releases the device's context. Every user of the GPU in this
// process shares the Device, so only a program that is done with the GPU
// closes it; a later OpenDevice opens it afresh.
func (d *Device) Close() error {
	openMu.Lock()
	if opened[d.ordinal] == d {
		delete(opened, d.ordinal)
	}
	openMu.Unlock()
	virtualMu.Lock()
	for k, v := range virtualDevs {
		if v == d {
			delete(virtualDevs, k)
		}
	}
	virtualMu.Unlock()
	d.mu.Lock()
	d.gen++
	d.closed = true
	d.mu.Unlock()
	return d.b.Close()
}

// Closed says whether Close was called on d.
func (d *Device) Closed() bool {
	if d == nil {
		return false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.closed
}

// usable refuses to make anything on a closed device, whose backend is
// gone (on a GPU, its context).
func (d *Device) usable() error {
	if d == nil || d.b == nil {
		return errNilDevice
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return errClosed
	}
	return nil
}

// errNilDevice is what a nil or zero Device does: an open whose error
// went unread (dev, _ := cudalib.Open()).
var errNilDevice = errors.New("nil device (did it open? check the error of nb.Device or cudalib.Open)")

var errClosed = errors.New("the device was closed (dev.Close()): open it again (nb.Device(), cudalib.Open()) and make what you need on it")

func (d *Device) generation() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.gen
}

// Info is the device report of the seed labs' device queries.
type Info = seam.Info
