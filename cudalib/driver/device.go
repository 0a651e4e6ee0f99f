package driver

import (
	"fmt"
	"unsafe"
)

// DriverVersion is the CUDA version the driver supports, e.g. 13000.
func DriverVersion() (int, error) {
	if err := Load(); err != nil {
		return 0, err
	}
	var v int32
	return int(v), check("cuDriverGetVersion", call(sym.cuDriverGetVersion, uintptr(unsafe.Pointer(&v))))
}

// DeviceCount is the number of CUDA devices.
func DeviceCount() (int, error) {
	if err := Load(); err != nil {
		return 0, err
	}
	var n int32
	if err := check("cuDeviceGetCount", call(sym.cuDeviceGetCount, uintptr(unsafe.Pointer(&n)))); err != nil {
		return 0, err
	}
	return int(n), nil
}

// Device is a CUdevice ordinal handle.
type Device int32

// DeviceGet returns the handle of device ordinal i.
func DeviceGet(i int) (Device, error) {
	if err := Load(); err != nil {
		return 0, err
	}
	var d int32
	if err := check("cuDeviceGet", call(sym.cuDeviceGet, uintptr(unsafe.Pointer(&d)), uintptr(i))); err != nil {
		return 0, err
	}
	return Device(d), nil
}

// Name is the device's marketing name.
func (d Device) Name() (string, error) {
	buf := make([]byte, 256)
	if err := check("cuDeviceGetName", call(sym.cuDeviceGetName, uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), uintptr(d))); err != nil {
		return "", err
	}
	for i, c := range buf {
		if c == 0 {
			return string(buf[:i]), nil
		}
	}
	return string(buf), nil
}

// Attribute is a CUdevice_attribute.
type Attribute int

// Device attributes the device report reads.
const (
	AttrMaxThreadsPerBlock     Attribute = 1
	AttrMaxBlockDimX           Attribute = 2
	AttrMaxBlockDimY           Attribute = 3
	AttrMaxBlockDimZ           Attribute = 4
	AttrMaxGridDimX            Attribute = 5
	AttrMaxGridDimY            Attribute = 6
	AttrMaxGridDimZ            Attribute = 7
	AttrMaxSharedPerBlock      Attribute = 8
	AttrTotalConstantMemory    Attribute = 9
	AttrWarpSize               Attribute = 10
	AttrMaxPitch               Attribute = 11
	AttrMaxRegistersPerBlock   Attribute = 12
	AttrClockRate              Attribute = 13
	AttrTextureAlignment       Attribute = 14
	AttrMultiprocessorCount    Attribute = 16
	AttrMemoryClockRate        Attribute = 36
	AttrGlobalMemoryBusWidth   Attribute = 37
	AttrL2CacheSize            Attribute = 38
	AttrMaxThreadsPerSM        Attribute = 39
	AttrAsyncEngineCount       Attribute = 40
	AttrComputeCapabilityMajor Attribute = 75
	AttrComputeCapabilityMinor Attribute = 76
	AttrMaxSharedPerSM         Attribute = 81
	AttrMaxSharedPerBlockOptin Attribute = 97
)

// Attribute reads one device attribute.
func (d Device) Attribute(a Attribute) (int, error) {
	var v int32
	if err := check("cuDeviceGetAttribute", call(sym.cuDeviceGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(a), uintptr(d))); err != nil {
		return 0, err
	}
	return int(v), nil
}

// TotalMem is the device memory in bytes.
func (d Device) TotalMem() (uint64, error) {
	var n uintptr
	if err := check("cuDeviceTotalMem_v2", call(sym.cuDeviceTotalMem, uintptr(unsafe.Pointer(&n)), uintptr(d))); err != nil {
		return 0, err
	}
	return uint64(n), nil
}

// UUID is the device's UUID as nvidia-smi prints it ("GPU-…"): the same in
// every process whatever CUDA_VISIBLE_DEVICES renumbers, so it names the
// physical GPU (a MIG instance has its own, with the _v2 entry point). It is
// "" on a driver without cuDeviceGetUuid.
func (d Device) UUID() (string, error) {
	if sym.cuDeviceGetUuid == 0 {
		return "", nil
	}
	var u [16]byte
	if err := check("cuDeviceGetUuid", call(sym.cuDeviceGetUuid, uintptr(unsafe.Pointer(&u[0])), uintptr(d))); err != nil {
		return "", err
	}
	return fmt.Sprintf("GPU-%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16]), nil
}
