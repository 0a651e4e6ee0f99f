package cudalib

// Device is the device the kernel's module was compiled for: checkers that
// get only a kernel allocate its arguments there.
func (k *Kernel) Device() *Device { return k.mod.dev }
