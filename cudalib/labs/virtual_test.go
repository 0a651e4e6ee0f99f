package labs

import (
	"slices"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/nvrtc"
)

func openVirtual(t *testing.T) *cudalib.Device {
	t.Helper()
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("no NVRTC to compile the labs: %v", err)
	}
	dev, err := cudalib.OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	return dev
}

// Every variant of every lab runs on the virtual GPU and passes its
// checker at the test sizes but the largest (which the interpreter takes
// minutes over under -race; the notebook test runs sizes like it); every
// row has a modelled time and the counters of its run.
func TestVirtualLabs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every lab through the interpreter; make test runs it without -race")
	}
	dev := openVirtual(t)
	for _, l := range All() {
		t.Run(l.Key, func(t *testing.T) {
			sizes := slices.DeleteFunc(slices.Clone(l.smoke), func(n int) bool { return len(l.smoke) > 1 && n == slices.Max(l.smoke) })
			tab, err := l.RunWith(dev, Options{Seed: 1}, sizes)
			if err != nil {
				t.Fatal(err)
			}
			if want := len(sizes) * len(l.Variants); len(tab.Rows) != want {
				t.Fatalf("%d rows, want %d", len(tab.Rows), want)
			}
			if tab.Device != dev.String() || !slices.ContainsFunc(tab.Notes, func(n string) bool { return strings.Contains(n, "Virtual GPU") }) {
				t.Errorf("table device %q, notes %q: want the virtual GPU named", tab.Device, tab.Notes)
			}
			for _, r := range tab.Rows {
				t.Logf("%-8s %-34s %s | %s", r.SizeLabel, r.Variant, r.Check, r.Note)
				if !r.Pass {
					t.Errorf("%s %s: %s", r.SizeLabel, r.Variant, r.Check)
				}
				if !r.Modeled || r.MedianMS <= 0 || r.Metric <= 0 || r.SpeedupBase <= 0 {
					t.Errorf("%s %s: modeled %v, median %v, metric %v, speedup %v: want a modelled time", r.SizeLabel, r.Variant, r.Modeled, r.MedianMS, r.Metric, r.SpeedupBase)
				}
				if len(r.Variant) > 0 && r.Note != "cuMemcpyDtoD" && (r.Counters.Blocks == 0 || r.SectorsPerRequest < 1 || r.SectorsPerRequest > 32) {
					t.Errorf("%s %s: counters %+v, %.2f sectors per request", r.SizeLabel, r.Variant, r.Counters, r.SectorsPerRequest)
				}
			}
		})
	}
}

// Without sizes a lab runs the report's Sizes on the virtual GPU too, and
// its small VirtualSizes with Options.Quick.
func TestVirtualSizes(t *testing.T) {
	dev := openVirtual(t)
	for _, l := range All() {
		if len(l.VirtualSizes) == 0 || slices.Max(l.VirtualSizes) > slices.Max(l.Sizes) {
			t.Errorf("%s: VirtualSizes %v: want some, none above Sizes %v", l.Key, l.VirtualSizes, l.Sizes)
		}
		if got := l.SizesFor(dev); !slices.Equal(got, l.Sizes) {
			t.Errorf("%s: SizesFor(virtual) = %v, want the report's %v", l.Key, got, l.Sizes)
		}
		if got := l.QuickSizes(dev); !slices.Equal(got, l.VirtualSizes) {
			t.Errorf("%s: QuickSizes(virtual) = %v", l.Key, got)
		}
		if got := l.QuickSizes(nil); !slices.Equal(got, l.Sizes) {
			t.Errorf("%s: QuickSizes(nil) = %v", l.Key, got)
		}
	}
	l := *VecAdd
	l.Sizes, l.VirtualSizes = []int{3000}, []int{1000, 2000}
	for _, quick := range []bool{false, true} {
		tab, err := l.RunWith(dev, Options{CPUCap: -1, Quick: quick}, nil, "one thread per element")
		if err != nil {
			t.Fatal(err)
		}
		var sizes []int
		for _, r := range tab.Rows {
			sizes = append(sizes, r.Size)
		}
		if want := map[bool][]int{false: l.Sizes, true: l.VirtualSizes}[quick]; !slices.Equal(sizes, want) {
			t.Errorf("quick %v: ran sizes %v, want %v", quick, sizes, want)
		}
	}
}

// CULAB_LAB_QUICK makes every run a quick one, as the tests that run the
// notebooks as they ship need.
func TestEnvQuick(t *testing.T) {
	dev := openVirtual(t)
	t.Setenv(EnvQuick, "1")
	l := *VecAdd
	l.Sizes, l.VirtualSizes = []int{3000}, []int{1000, 2000}
	tab, err := l.RunWith(dev, Options{CPUCap: -1}, nil, "one thread per element")
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	for _, r := range tab.Rows {
		sizes = append(sizes, r.Size)
	}
	if !slices.Equal(sizes, l.VirtualSizes) {
		t.Errorf("ran sizes %v, want the quick %v", sizes, l.VirtualSizes)
	}
	if got := l.SizesFor(dev); !slices.Equal(got, l.VirtualSizes) {
		t.Errorf("SizesFor = %v, want the quick %v (the notebooks size their progress by it)", got, l.VirtualSizes)
	}
}
