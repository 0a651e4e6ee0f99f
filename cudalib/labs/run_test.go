package labs

import (
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/internal/cpus"
)

// Every lab's catalogue entry is complete and its baseline is a variant.
func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range All() {
		if seen[l.Key] {
			t.Errorf("duplicate key %q", l.Key)
		}
		seen[l.Key] = true
		if l.Title == "" || l.Seed == "" || l.File == "" || l.Source == "" || len(l.Sizes) == 0 ||
			len(l.smoke) == 0 || l.work == nil || l.setup == nil || l.MetricFormula == "" {
			t.Errorf("%s: incomplete lab", l.Key)
		}
		if _, err := l.pick([]string{l.Baseline}); err != nil {
			t.Errorf("%s: baseline: %v", l.Key, err)
		}
		for _, v := range l.Variants {
			single := len(v.Kernels) == 1 && v.config != nil && l.args != nil
			if (v.prepare == nil) != single {
				t.Errorf("%s/%s: needs either prepare, or one kernel with a config and the lab's args", l.Key, v.Name)
			}
		}
		got, err := Get(l.Key)
		if err != nil || got != l {
			t.Errorf("Get(%q) = %v, %v", l.Key, got, err)
		}
		if !strings.Contains(l.Markdown(), l.Title) {
			t.Errorf("%s: Markdown lacks the title", l.Key)
		}
	}
	if _, err := Get("nope"); err == nil || !strings.Contains(err.Error(), "vecadd") {
		t.Errorf("Get(nope) error should list the labs, got %v", err)
	}
}

// Every row of a lab's variant table has its four cells, whatever its
// note says: the bank-conflict lab's "rows of 17 floats (16 | 1)" split its
// row in two when the table was written by hand.
func TestVariantTableRows(t *testing.T) {
	for _, l := range All() {
		rows := 0
		for _, line := range strings.Split(l.Markdown(), "\n") {
			if !strings.HasPrefix(line, "| ") {
				continue
			}
			if cells := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") - 1; cells != 4 {
				t.Errorf("%s: %d cells in %q", l.Key, cells, line)
			}
			rows++
		}
		if want := len(l.Variants) + 1; rows != want { // and the heads
			t.Errorf("%s: %d table lines, want %d", l.Key, rows, want)
		}
	}
}

// progress records the labels it hears.
type progress struct {
	steps []string
	done  int
}

func (p *progress) Step(label string) { p.steps = append(p.steps, label) }
func (p *progress) Done()             { p.done++ }

// Without a GPU, Run times the CPU reference and marks every row not run.
func TestRunNoGPU(t *testing.T) {
	for _, l := range All() {
		t.Run(l.Key, func(t *testing.T) {
			var p progress
			sizes := l.smoke[:1]
			tab, err := l.RunWith(nil, Options{Seed: 7, Progress: &p}, sizes)
			if err != nil {
				t.Fatal(err)
			}
			if tab.Lab != l.Key || tab.Device != "no GPU" || tab.MetricFormula != l.MetricFormula {
				t.Errorf("table header %+v", tab)
			}
			if len(tab.Rows) != len(l.Variants) {
				t.Fatalf("%d rows, want %d", len(tab.Rows), len(l.Variants))
			}
			for _, r := range tab.Rows {
				if r.Check != "not run: no GPU" || r.Pass || r.MedianMS != 0 {
					t.Errorf("row %+v", r)
				}
				if !(r.CPUMS > 0) || r.CPUNote != "" {
					t.Errorf("CPU reference not timed: %+v", r)
				}
				if r.SizeLabel != l.SizeLabel(sizes[0]) {
					t.Errorf("size label %q", r.SizeLabel)
				}
			}
			if p.done != 1 || len(p.steps) != l.Steps(false, sizes) {
				t.Errorf("progress: %d steps (%q), %d Done; Steps says %d", len(p.steps), p.steps, p.done, l.Steps(false, sizes))
			}
			if !strings.Contains(strings.Join(tab.Notes, " "), "seed 7") {
				t.Errorf("notes do not give the seed: %q", tab.Notes)
			}
		})
	}
}

// Past the cap the CPU column says so, and larger sizes are not tried.
func TestRunCPUCap(t *testing.T) {
	for _, l := range All() {
		t.Run(l.Key, func(t *testing.T) {
			tab, err := l.RunWith(nil, Options{CPUCap: time.Nanosecond}, l.smoke[:1])
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range tab.Rows {
				if r.CPUNote != "CPU > 1ns cap" || r.CPUMS != 0 {
					t.Errorf("row %+v", r)
				}
			}
		})
	}
	tab, err := VecAdd.RunWith(nil, Options{CPUCap: -1}, []int{10})
	if err != nil || tab.Rows[0].CPUNote != "CPU skipped" || !strings.Contains(strings.Join(tab.Notes, " "), "skipped") {
		t.Errorf("negative cap should skip the CPU reference: %v %+v", err, tab.Rows)
	}
	r := &runner{lab: VecAdd, cap: time.Nanosecond}
	p, err := VecAdd.setup(10, newRand(1, 10))
	if err != nil {
		t.Fatal(err)
	}
	if _, note, done := r.cpu(10, p); done || note != "CPU > 1ns cap" {
		t.Fatalf("tiny cap: note %q, done %v", note, done)
	}
	r.cap = time.Hour
	if _, note, done := r.cpu(20, p); done || note != "CPU > 1h0m0s cap" {
		t.Errorf("a size above a capped one should not run: note %q, done %v", note, done)
	}
	if _, _, done := r.cpu(5, p); !done {
		t.Errorf("a size below the capped one should run")
	}
}

func TestRunErrors(t *testing.T) {
	if _, err := VecAdd.Run(nil, []int{0}); err == nil {
		t.Error("size 0 accepted")
	}
	if _, err := VecAdd.Run(nil, []int{10}, "one block", "warp magic"); err == nil || !strings.Contains(err.Error(), "warp magic") {
		t.Errorf("unknown variant: %v", err)
	}
	tab, err := VecAdd.Run(nil, []int{10, 20}, "one thread per element", "one block")
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 4 || tab.Rows[0].Variant != "one block" || tab.Rows[3].Size != 20 {
		t.Errorf("rows should follow the lab's variant order per size: %+v", tab.Rows)
	}
}

func TestSpeedups(t *testing.T) {
	rows := speedups([]Row{
		{Variant: "a", MedianMS: 4, CPUMS: 40},
		{Variant: "b", MedianMS: 1, CPUMS: 40},
		{Variant: "c", CPUMS: 40, Check: "not run"},
	}, "a")
	if rows[0].SpeedupBase != 1 || rows[1].SpeedupBase != 4 || rows[1].SpeedupCPU != 40 || rows[2].SpeedupCPU != 0 {
		t.Errorf("speedups %+v", rows)
	}
	if rows := speedups([]Row{{Variant: "b", MedianMS: 1}}, "a"); rows[0].SpeedupBase != 0 {
		t.Errorf("no baseline in the run: SpeedupBase should stay 0, got %v", rows[0].SpeedupBase)
	}
}

func TestLaunchText(t *testing.T) {
	if got := launchText("k", cudalibConfig(391, 1, 256, 1, 0)); got != "k<<<391, 256>>>" {
		t.Error(got)
	}
	if got := launchText("mm_tiled<32>", cudalibConfig(64, 64, 32, 32, 128)); got != "mm_tiled<32><<<(64,64), (32,32), 128>>>" {
		t.Error(got)
	}
}

func cudalibConfig(gx, gy, bx, by, shared int) cudalib.Config {
	return cudalib.Config{Grid: cudalib.D2(gx, gy), Block: cudalib.D2(bx, by), Shared: shared}
}

// A size whose CPU reference is predicted at over 1.5 times the cap, from a
// smaller size that finished, is not tried (it would only burn the cap).
func TestCPUPredictedOverCapIsSkipped(t *testing.T) {
	r := &runner{lab: &Lab{Key: "cubic", work: func(n int) float64 { return float64(n) * float64(n) * float64(n) }}, cap: 10 * time.Second}
	if s := r.predictCPU(10000); s != 0 {
		t.Fatalf("prediction without a finished size: %v", s)
	}
	r.done.n, r.done.ms = 5000, 6700
	if s := r.predictCPU(10000); s < 53 || s > 54 {
		t.Fatalf("predicted %v s, want 8 × 6.7", s)
	}
	tried := false
	p := &problem{cpu: func(*deadline) bool { tried = true; return true }}
	ms, note, done := r.cpu(10000, p)
	if tried || done || ms != 0 || !strings.Contains(note, "cap (54s predicted from 5000)") {
		t.Fatalf("tried %v, done %v, ms %v, note %q", tried, done, ms, note)
	}
	// 19.5 s predicted against a 10 s cap (an H200 host's Floyd at 10000).
	r.done.n, r.done.ms = 5000, 2432
	if _, note, done := r.cpu(10000, p); tried || done || !strings.Contains(note, "cap (19s predicted from 5000)") {
		t.Fatalf("19.5 s predicted, cap 10 s: tried %v, done %v, note %q", tried, done, note)
	}
	// Within 1.5 times the cap it runs.
	r.done.n, r.done.ms = 5000, 6700
	if _, _, done := r.cpu(6000, p); !tried || !done {
		t.Fatalf("6000 (11.6 s predicted, cap 10 s): tried %v, done %v", tried, done)
	}
}

// The CPU column's note gives the CPUs the reference had, not GOMAXPROCS:
// under a class server's quota of one CPU the Go runtime still runs 2.
func TestCPUNote(t *testing.T) {
	for _, c := range []struct {
		lim  cpus.Limit
		want string
	}{
		{cpus.Limit{Quota: 1, Affinity: 16, GOMAXPROCS: 2}, "its loops spread over 2 goroutines on 1 CPU (cgroup quota 1.0), so no faster than a serial time;"},
		{cpus.Limit{Affinity: 16, GOMAXPROCS: 16}, "its loops spread over 16 goroutines on 16 CPUs, so not a serial time;"},
		{cpus.Limit{Affinity: 16, GOMAXPROCS: 1}, "its loops spread over 1 goroutine on 1 CPU (GOMAXPROCS 1), so no faster than a serial time;"},
	} {
		got := cpuNote(c.lim, 30*time.Second)
		if !strings.HasPrefix(got, "CPU column: the compiled Go reference, ") || !strings.Contains(got, c.want) || !strings.HasSuffix(got, "stopped past 30s.") {
			t.Errorf("%#v:\n%s\nwant it to say %q", c.lim, got, c.want)
		}
	}
}
