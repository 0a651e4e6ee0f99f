package cudalib

import (
	"strings"
	"testing"
)

// Launch sampling: the last launch is known, and counting it again in a
// timed section models what running it again would, without running it.
func TestVirtualRepeatLaunches(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "vadd")
	const n = 4096
	a, _ := d.Float32s(n)
	defer a.Free()
	ran, err := d.TimeFunc(TimeOptions{}, func() error {
		for range 3 {
			if err := k.Launch(Linear(n, 256), a, a, a, n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	repeated, err := d.TimeFunc(TimeOptions{}, func() error {
		if err := k.Launch(Linear(n, 256), a, a, a, n); err != nil {
			return err
		}
		l, ok := d.LastVirtualLaunch()
		if !ok || l.Sampled() || l.Counters.Blocks != n/256 {
			t.Errorf("last launch %+v, %v: want the whole launch", l, ok)
		}
		return d.RepeatVirtualLaunches(1, 2)
	})
	if err != nil {
		t.Fatal(err)
	}
	if repeated.Median != ran.Median || repeated.Counters != ran.Counters {
		t.Errorf("one launch counted 3 times: %v, %+v; 3 launches: %v, %+v", repeated.Median, repeated.Counters, ran.Median, ran.Counters)
	}
	if err := d.RepeatVirtualLaunches(0, 1); err == nil {
		t.Error("repeat of no launches: want an error")
	}
	s, err := d.VirtualSampling()
	if err != nil || s.Mode != VirtualSampleAuto && s.Mode != VirtualSampleFull && s.Mode != VirtualSampleForced {
		t.Errorf("VirtualSampling: %+v, %v", s, err)
	}
}

// Counting a launch again 2^62 times is refused, with the bound, not
// appended until the process runs out of memory (it held the backend's
// lock, and no interrupt reached it); the device goes on timing.
func TestVirtualRepeatLaunchesBounded(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "vadd")
	a, _ := d.Float32s(256)
	defer a.Free()
	_, err := d.TimeFunc(TimeOptions{}, func() error {
		if err := k.Launch(Linear(256, 256), a, a, a, 256); err != nil {
			return err
		}
		return d.RepeatVirtualLaunches(1, 1<<62)
	})
	if err == nil || !strings.Contains(err.Error(), "more than the 262144 launches the virtual GPU keeps") {
		t.Fatalf("a launch repeated 2^62 times: %v", err)
	}
	if _, err := k.Time(Linear(256, 256), a, a, a, 256); err != nil {
		t.Errorf("timing afterwards: %v", err)
	}
}

// An unknown sampling mode is refused, and the one set before stays.
func TestSetVirtualSamplingRefusesUnknownModes(t *testing.T) {
	d := openVirtualGPU(t)
	defer d.SetVirtualSampling(nil)
	if err := d.SetVirtualSampling(&VirtualSampling{Mode: VirtualSampleFull}); err != nil {
		t.Fatal(err)
	}
	if err := d.SetVirtualSampling(&VirtualSampling{Mode: 99}); err == nil || !strings.Contains(err.Error(), "mode SampleMode(99)") {
		t.Errorf("mode 99: %v", err)
	}
	if s, err := d.VirtualSampling(); err != nil || s.Mode != VirtualSampleFull {
		t.Errorf("after the refusal: %+v, %v", s, err)
	}
}
