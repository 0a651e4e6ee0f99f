package vgpu

import "math/bits"

// blockWindowSectors is the most distinct sectors a block's set holds
// before it starts afresh (Counters.BlockLoadSectors): 256 KB, an H100
// SM's L1, beyond which a block's re-reads miss L1 whatever it does.
const blockWindowSectors = 8192

// blockSectors is the set of global sectors the worker's current block has
// loaded (Counters.BlockLoadSectors), by 128-byte line with a mask of its
// four sectors (a coalesced request is one probe): open addressing, each
// slot stamped with the generation it was filled in, so that a new block
// (or window) starts empty without clearing the table.
type blockSectors struct {
	lines []uint64
	masks []uint8
	gens  []uint32
	gen   uint32
	used  int // lines in the current generation
	n     int // sectors in the current generation
}

// reset empties the set.
func (s *blockSectors) reset() {
	s.gen++
	s.used, s.n = 0, 0
	if s.gen == 0 { // wrapped: stale stamps could match
		clear(s.gens)
		s.gen = 1
	}
}

// add adds the sectors (addresses >> 5, ascending) of one request and
// returns how many were new to the set.
func (s *blockSectors) add(secs []uint64) int64 {
	var fresh int64
	for i := 0; i < len(secs); {
		line, mask := secs[i]>>2, uint8(0)
		for ; i < len(secs) && secs[i]>>2 == line; i++ {
			mask |= 1 << (secs[i] & 3)
		}
		fresh += int64(s.addLine(line, mask))
	}
	return fresh
}

// addLine adds the sectors of mask in line and returns how many were new.
func (s *blockSectors) addLine(line uint64, mask uint8) int {
	if 2*(s.used+1) > len(s.lines) {
		s.grow()
	}
	m := uint64(len(s.lines) - 1)
	i := (line * 0x9e3779b97f4a7c15 >> 32) & m
	for ; s.gens[i] == s.gen; i = (i + 1) & m {
		if s.lines[i] == line {
			added := mask &^ s.masks[i]
			if added == 0 {
				return 0
			}
			if s.n >= blockWindowSectors {
				break
			}
			s.masks[i] |= added
			n := bits.OnesCount8(added)
			s.n += n
			return n
		}
	}
	if s.n >= blockWindowSectors {
		s.reset()
		return s.addLine(line, mask)
	}
	s.lines[i], s.masks[i], s.gens[i] = line, mask, s.gen
	n := bits.OnesCount8(mask)
	s.used++
	s.n += n
	return n
}

// grow doubles the table (to 1024 slots at first), keeping the current
// generation's lines.
func (s *blockSectors) grow() {
	lines, masks, gens, gen, n := s.lines, s.masks, s.gens, s.gen, s.n
	size := max(2*len(lines), 1024)
	s.lines, s.masks, s.gens = make([]uint64, size), make([]uint8, size), make([]uint32, size)
	s.gen, s.used, s.n = 1, 0, 0
	for i, l := range lines {
		if gens[i] == gen {
			s.addLine(l, masks[i])
		}
	}
	s.n = n
}
