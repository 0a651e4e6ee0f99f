package gcslack

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		live, scan uint64
		want       int
	}{
		{0, 0, 100},
		{Floor, 0, 100},            // GOGC=100 allows no more than Floor here
		{4 * Floor, 0, 25},         // four Floors of arrays: a Floor of garbage
		{4 * Floor, 2 * Floor, 50}, // as much garbage as there is to scan
		{1 << 50, 0, 1},            // never 0, which would collect continually
	} {
		if got := Percent(c.live, c.scan); got != c.want {
			t.Errorf("Percent(%d, %d) = %d, want %d", c.live, c.scan, got, c.want)
		}
	}
}

func gogc() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// waitGOGC collects until GOGC satisfies ok: the finalizer that sets it
// runs after a cycle, on a goroutine of its own.
func waitGOGC(t *testing.T, ok func(uint64) bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
		if ok(gogc()) {
			return
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("GOGC stayed %d", gogc())
}

// TestHold holds an array of floats sixteen times the floor: GOGC drops
// below the hold's percent so that the floor's garbage is allowed, returns
// to the hold's once the array is dropped, and to what it was at release.
func TestHold(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	floor.Store(8 << 20)
	defer floor.Store(Floor)
	release := Hold(25)
	hold := func() {
		big := make([]float64, 16*floor.Load()/8)
		waitGOGC(t, func(p uint64) bool { return p <= 10 })
		runtime.KeepAlive(big)
	}
	hold()
	waitGOGC(t, func(p uint64) bool { return p == 25 })
	release()
	if p := gogc(); p != 100 {
		t.Errorf("GOGC %d after the hold, want 100", p)
	}
}
