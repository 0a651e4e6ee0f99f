package plots

import "github.com/culab/culab/cudalib"

// ncu's source page (cudalib.HardwareProfile.Lines) names its per-line
// figures by column heading; these are those the view can pair with the
// virtual GPU's counters.
const (
	ncuInstrs        = "Instructions Executed"
	ncuThreadInstrs  = "Thread Instructions Executed"
	ncuGlobalReq     = "L1 Tag Requests Global"
	ncuGlobalSect    = "L2 Theoretical Sectors Global"
	ncuGlobalIdeal   = "L2 Theoretical Sectors Global Ideal"
	ncuSharedWF      = "L1 Wavefronts Shared"
	ncuSharedWFIdeal = "L1 Wavefronts Shared Ideal"
)

// HardwareOf turns a launch measured by Nsight Compute into the view's
// hardware columns (ProfileTable.WithHardware): its totals, and per source
// line what ncu's source page gives. Per line, global loads and stores
// are one figure (ncu's page does not split them), the bytes used are the
// ideal sectors' bytes, and shared wavefronts have no request count, so
// wavefronts per request stay empty; a line's bank conflicts are its
// wavefronts beyond the ideal. nil for nil.
func HardwareOf(h *cudalib.HardwareProfile) *HardwareCounters {
	if h == nil {
		return nil
	}
	hc := &HardwareCounters{Label: "GPU", Total: h.Counters, Lines: map[int]cudalib.Counters{}}
	for _, l := range h.Lines {
		m := func(name string) int64 { return int64(l.Metrics[name]) }
		c := hc.Lines[l.Line]
		c.WarpInstrs += m(ncuInstrs)
		c.ThreadInstrs += m(ncuThreadInstrs)
		c.GlobalLoadRequests += m(ncuGlobalReq)
		c.GlobalLoadSectors += m(ncuGlobalSect)
		c.GlobalLoadBytes += 32 * m(ncuGlobalIdeal)
		c.SharedLoadWavefronts += m(ncuSharedWF)
		if ideal, ok := l.Metrics[ncuSharedWFIdeal]; ok {
			c.SharedLoadBankConflicts += max(0, m(ncuSharedWF)-int64(ideal))
		}
		hc.Lines[l.Line] = c
	}
	return hc
}
