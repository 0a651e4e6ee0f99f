package labs

import (
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/cudalib"
)

// A point of a sweep is the sweep's row: the same variant, size and seed
// give the same check, counters and modelled time.
func TestRunPointIsTheSweepsRow(t *testing.T) {
	dev := openVirtual(t)
	v, err := BankConflict.Variant("32×32, transposed, padded 33")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := BankConflict.RunWith(dev, Options{Seed: 7, CPUCap: -1}, []int{100}, v.Name)
	if err != nil {
		t.Fatal(err)
	}
	row, err := BankConflict.RunPoint(dev, Options{Seed: 7}, 100, v)
	if err != nil {
		t.Fatal(err)
	}
	want := tab.Rows[0]
	if row.Variant != want.Variant || !row.Pass || row.MedianMS != want.MedianMS || row.Counters != want.Counters || row.Check != want.Check {
		t.Errorf("point %+v\nsweep row %+v", row, want)
	}
	if row.CPUMS != 0 || row.CPUNote != "CPU skipped" {
		t.Errorf("CPU %v %q: want the reference skipped", row.CPUMS, row.CPUNote)
	}
}

// Launch makes variants the table lacks: a tile of 8 (a template instance
// compiled on first use), a grid-stride copy on a grid of 3 blocks; a
// block the device refuses is the row's verdict.
func TestRunPointLaunch(t *testing.T) {
	dev := openVirtual(t)
	tile := func(tl int) func(n int) cudalib.Config {
		return func(n int) cudalib.Config {
			g := (n + tl - 1) / tl
			return cudalib.Config{Grid: cudalib.D2(g, g), Block: cudalib.D2(tl, tl)}
		}
	}
	for _, c := range []struct {
		lab    *Lab
		v      Variant
		n      int
		pass   bool
		launch string
	}{
		{MatMul, MatMul.Launch("tiles 8×8", "mm_tiled<8>", tile(8)), 33, true, "mm_tiled<8><<<(5,5), (8,8)>>>"},
		{LaunchCfg, LaunchCfg.Launch("", "copy_stride", func(int) cudalib.Config {
			return cudalib.Config{Grid: cudalib.D1(3), Block: cudalib.D1(64)}
		}), 1000, true, "copy_stride<<<3, 64>>>"},
		{MatMul, MatMul.Launch("tiles 64×64", "mm_tiled<64>", tile(64)), 33, false, "mm_tiled<64><<<1, (64,64)>>>"},
	} {
		start := time.Now()
		row, err := c.lab.RunPoint(dev, Options{Seed: 1}, c.n, c.v)
		if err != nil {
			t.Fatalf("%s: %v", c.v.Name, err)
		}
		t.Logf("%s %s: %s, %.4f ms, %v (%v)", c.lab.Key, row.Variant, row.Check, row.MedianMS, row.Note, time.Since(start))
		if row.Pass != c.pass || row.Note != c.launch {
			t.Errorf("%s: pass %v, note %q (%s): want %v, %q", c.v.Name, row.Pass, row.Note, row.Check, c.pass, c.launch)
		}
		if c.pass && !(row.Modeled && row.MedianMS > 0 && row.Metric > 0) {
			t.Errorf("%s: %+v: want a modelled time", c.v.Name, row)
		}
		if !c.pass && !strings.HasPrefix(row.Check, "not run: ") {
			t.Errorf("%s: check %q: want the launch refused", c.v.Name, row.Check)
		}
	}
	if _, err := MatMul.RunPoint(dev, Options{}, 33, Variant{Name: "bare"}); err == nil || !strings.Contains(err.Error(), "neither a prepare function") {
		t.Errorf("a variant without a launch: err %v", err)
	}
	if _, err := MatMul.Variant("no such"); err == nil {
		t.Error("Variant of an unknown name: no error")
	}
}
