package vgpu

// Stats is what one launch executed.
type Stats struct {
	WarpInstrs   int64 // warp-instructions issued
	ThreadInstrs int64 // of those, the lanes that were active
}

// RunCounted is Run that also reports what the launch executed; the speed
// benchmark (bench/vgpubench) divides ThreadInstrs by wall time.
func (g *GPU) RunCounted(k *Kernel, l Launch) (Stats, error) {
	s, err := g.run(k, l)
	return Stats{WarpInstrs: s.warpInstrs, ThreadInstrs: s.threadInstrs}, err
}
