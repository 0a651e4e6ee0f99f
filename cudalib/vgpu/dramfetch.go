package vgpu

import "math/bits"

// chunks64 returns the 64-byte aligned chunks (pairs of sectors) that hold
// a marked sector: the L2 fetches from DRAM 64 bytes at a time
// (cudaLimitMaxL2FetchGranularity), so a sector whose pair is untouched
// still moves 64 bytes (Counters.DRAMChunks).
func (s *sectorSet) chunks64() int64 {
	var n int64
	for _, b := range s.maps {
		for i := range b.all {
			w := b.all[i].Load()
			n += int64(bits.OnesCount64((w | w>>1) & 0x5555555555555555))
		}
	}
	return n
}
