package vgpu

// Stats is what one launch executed.
type Stats struct {
	WarpInstrs   int64 // warp-instructions issued
	ThreadInstrs int64 // of those, the lanes that were active
}
