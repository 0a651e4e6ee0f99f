package nvrtc

import "fmt"

// Target is what a compilation produces: CUBIN for exactly one
// architecture, or PTX that the driver JIT-compiles for the device and any
// newer one.
type Target struct {
	Arch  int  // compute capability as major*10+minor, e.g. 90
	CUBIN bool // -arch=sm_XY when true, -arch=compute_XY (PTX) when false
}

// Option is the NVRTC -arch option for t.
func (t Target) Option() string {
	if t.CUBIN {
		return fmt.Sprintf("-arch=sm_%d", t.Arch)
	}
	return fmt.Sprintf("-arch=compute_%d", t.Arch)
}

func (t Target) String() string {
	if t.CUBIN {
		return fmt.Sprintf("sm_%d (CUBIN)", t.Arch)
	}
	return fmt.Sprintf("compute_%d (PTX)", t.Arch)
}

// Target picks what to compile for a device of compute capability
// major.minor with this NVRTC.
func (l *Lib) Target(major, minor int) (Target, error) {
	return pickTarget(l.archs, l.getCUBIN != nil, major, minor)
}

// pickTarget chooses CUBIN when NVRTC supports the device's architecture
// exactly, since that needs no JIT at load time; otherwise PTX for the
// newest supported architecture not above the device's, which the driver
// JIT-compiles (a device runs PTX of its own or an older architecture).
// An NVRTC that cannot list its architectures (before CUDA 11.2) is asked
// for PTX of the device's own architecture and left to reject it.
func pickTarget(supported []int, canCUBIN bool, major, minor int) (Target, error) {
	if major <= 0 || minor < 0 || minor > 9 {
		return Target{}, fmt.Errorf("pick target: invalid compute capability %d.%d", major, minor)
	}
	cc := major*10 + minor
	if len(supported) == 0 {
		return Target{Arch: cc}, nil
	}
	best := 0
	for _, a := range supported {
		if a == cc {
			return Target{Arch: cc, CUBIN: canCUBIN}, nil
		}
		if a < cc && a > best {
			best = a
		}
	}
	if best == 0 {
		return Target{}, fmt.Errorf("pick target: NVRTC supports none of compute capability %d.%d or older (supports %v)", major, minor, supported)
	}
	return Target{Arch: best}, nil
}
