package gpus

import (
	"strings"
	"testing"
)

// Every GPU is found by its key (any case, an alias too) and by the name
// its driver reports; an unknown name's error lists the names.
func TestLookup(t *testing.T) {
	for _, g := range All {
		if got, err := Lookup(" " + strings.ToUpper(g.Key) + " "); err != nil || got != g {
			t.Errorf("Lookup(%q) = %v, %v", g.Key, got.Key, err)
		}
		if got, ok := ByDeviceName(g.Name); !ok || got != g {
			t.Errorf("ByDeviceName(%q) = %v, %v", g.Name, got.Key, ok)
		}
	}
	if g, err := Lookup("2080ti"); err != nil || g.Key != "rtx2080ti" {
		t.Errorf("alias 2080ti: %v, %v", g.Key, err)
	}
	if _, err := Lookup("v100"); err == nil || !strings.Contains(err.Error(), strings.Join(Keys(), ", ")) {
		t.Errorf("v100: %v; want an error listing %v", err, Keys())
	}
	if _, ok := ByDeviceName("NVIDIA GeForce GTX 1080"); ok {
		t.Error("found a GPU that is not modeled")
	}
}

// The figures hold together: the compute capability's limits are set, the
// published bandwidths come out of clock × bus width, and the per-SM
// pipes are the capability's.
func TestFigures(t *testing.T) {
	peaks := map[string]float64{ // GB/s, published
		"h100": 3352, "h200": 4814, "a100": 1555, "a100-80gb": 2039, "a40": 696, "l4": 300, "t4": 320, "rtx2080ti": 616,
	}
	for _, g := range All {
		if got := g.PeakDRAMBytesPerSec() / 1e9; got < peaks[g.Key]-1 || got > peaks[g.Key]+1 {
			t.Errorf("%s: peak %.0f GB/s, published %.0f", g.Key, got, peaks[g.Key])
		}
		if g.FP32Lanes == 0 || g.FP64Lanes == 0 || g.MaxBlocksPerSM == 0 || g.SharedPerBlockOptin == 0 || g.RegsPerSM == 0 || g.Label == "" {
			t.Errorf("%s: limits not set: %+v", g.Key, g)
		}
		if g.SharedPerBlockOptin > g.SharedPerSM || g.SharedPerSM > g.L1SharedBytes {
			t.Errorf("%s: shared a block %d, an SM %d, L1/shared %d", g.Key, g.SharedPerBlockOptin, g.SharedPerSM, g.L1SharedBytes)
		}
	}
	// The FP64 rate is what separates the labs' GPUs: 1/64 of FP32 on the
	// A40, L4 (and 1/32 on Turing), 1/2 on the A100 and H100.
	for key, ratio := range map[string]int{"a40": 64, "l4": 64, "t4": 32, "rtx2080ti": 32, "a100": 2, "h100": 2} {
		g, _ := Lookup(key)
		if g.FP32Lanes/g.FP64Lanes != ratio {
			t.Errorf("%s: FP32/FP64 lanes %d, want %d", key, g.FP32Lanes/g.FP64Lanes, ratio)
		}
	}
}
