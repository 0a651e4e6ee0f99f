package labs

import (
	"fmt"
	"sort"
	"strings"

	"github.com/culab/culab/cudalib"
)

// Sampled runs on the virtual GPU. At the report's sizes a launch too
// large to interpret whole runs a sample of its blocks (vgpu's
// SAMPLING.md): the other blocks write nothing, so the outputs start
// poisoned and the elements the sample wrote are exactly the ones that are
// no longer poison. A checked run of such launches checks those elements
// against the reference and says so in the row. Variants of many launches
// (stencil time steps, Floyd–Warshall's rounds) sample launches too: they
// run a few of them and count each again for the launches it stands for
// (Device.RepeatVirtualLaunches), and check what those launches wrote
// against a CPU computation from the very data they read (sampledCheck).

// LabSampleBudget is the sampling budget of a lab's launches on the
// virtual GPU, in warp-instructions, when the user has not chosen one
// (CULAB_VIRTUAL_SAMPLE unset, no Device.SetVirtualSampling): a launch
// estimated above it runs a sample of its blocks. It is far below the
// virtual GPU's default (VirtualSampleBudget, 10–20 s a launch) so that
// every notebook runs the report's sizes in about a minute on 2 cores: a
// whole launch of this size takes a few tenths of a second.
const LabSampleBudget = 1 << 23

// labSampling sets dev's sampling for a lab's run when the user left it at
// the default: auto with LabSampleBudget. restore puts the default back.
func labSampling(dev *cudalib.Device) (restore func(), err error) {
	s, err := dev.VirtualSampling()
	if err != nil {
		return nil, err
	}
	if s.Mode != cudalib.VirtualSampleAuto || s.Budget != 0 {
		return func() {}, nil // the user's choice
	}
	if err := dev.SetVirtualSampling(&cudalib.VirtualSampling{Mode: cudalib.VirtualSampleAuto, Budget: LabSampleBudget}); err != nil {
		return nil, err
	}
	return func() { _ = dev.SetVirtualSampling(nil) }, nil
}

// sampleLaunches reports whether the next more launches of a sequence
// whose launches count alike (same kernel and shape, counters independent
// of the data) should be counted from l, the one just run, instead of
// run: when l itself ran a sample of its blocks, when the sampling is
// forced, and in auto mode when running them would exceed the budget.
// Full mode runs everything.
func sampleLaunches(dev *cudalib.Device, l cudalib.VirtualLaunch, more int) bool {
	if l.Sampled() {
		return true
	}
	s, err := dev.VirtualSampling()
	if err != nil {
		return false
	}
	switch s.Mode {
	case cudalib.VirtualSampleForced:
		return more > 0
	case cudalib.VirtualSampleAuto:
		budget := s.Budget
		if budget == 0 {
			budget = cudalib.VirtualSampleBudget
		}
		return int64(more)*l.Counters.WarpInstrs > budget
	}
	return false
}

// ranText says how many blocks of l ran.
func ranText(l cudalib.VirtualLaunch) string {
	if !l.Sampled() {
		return fmt.Sprintf("ran every block (%d)", l.Counters.Blocks)
	}
	return fmt.Sprintf("ran %d of %d blocks", len(l.Sample.Ran), l.Sample.Blocks)
}

// runSampling is what a checked run on the virtual GPU sampled; the zero
// value: every block of every launch ran.
type runSampling struct {
	// launches are the launches that ran a sample of their blocks.
	launches []cudalib.VirtualLaunch
	// check, set by a variant that sampled its launches, replaces the
	// lab's check: the lab's outputs were not all computed.
	check func() (verdict, error)
	// skip, set by a variant that found it cannot sample soundly, is why
	// the row was not run; its time is not shown.
	skip string
}

// sampled reports whether anything of the run was left out.
func (s *runSampling) sampled() bool { return len(s.launches) > 0 || s.check != nil }

// noteLaunch records how the device's last launch ran.
func (g *gpuRun) noteLaunch() {
	if l, ok := g.dev.LastVirtualLaunch(); ok && l.Sampled() {
		g.sampling.launches = append(g.sampling.launches, l)
	}
}

// blocksText says how many blocks of the sampled launches ran, e.g.
// "212 of 16384 blocks ran" (per launch when they differ).
func (s *runSampling) blocksText() string {
	var parts []string
	seen := map[string]bool{}
	for _, l := range s.launches {
		p := fmt.Sprintf("%d of %d blocks ran", len(l.Sample.Ran), l.Sample.Blocks)
		if len(s.launches) > 1 {
			p = l.Kernel + ": " + p
		}
		if !seen[p] {
			parts = append(parts, p)
			seen[p] = true
		}
		if !l.Sample.Trusted {
			parts = append(parts, "estimate not trusted: "+l.Sample.Reason)
		}
	}
	return strings.Join(parts, "; ")
}

// checkWritten checks the outputs of a run whose launches ran a sample of
// their blocks: only the written elements (written, per output, from the
// virtual GPU), against the reference where it has them. Unwritten
// elements are neither failures nor passes; a run that wrote nothing the
// reference covers fails, since nothing was checked.
//
// With refAt (nil refs) each output's written elements are compared with
// refAt's reference at them: the lab's full reference is not computed.
func checkWritten(outs []array, written [][]cudalib.Range, refs []reference, refAt func(int, []int) reference, s *runSampling) verdict {
	if refAt == nil && len(outs) != len(refs) || len(written) != len(outs) {
		return verdict{text: fmt.Sprintf("FAIL: %d outputs but %d references and %d written sets", len(outs), len(refs), len(written))}
	}
	v := verdict{pass: true}
	var texts []string
	for i := range outs {
		var r reference
		var at func([]int) reference
		if refAt != nil {
			at = func(idx []int) reference { return refAt(i, idx) }
		} else {
			r = refs[i]
		}
		c := compareWritten(outs[i], written[i], r, at)
		v.pass = v.pass && c.pass
		if len(outs) > 1 {
			c.text = fmt.Sprintf("output %d: %s", i+1, c.text)
		}
		texts = append(texts, c.text)
	}
	v.text = "sampled: " + s.blocksText() + "; " + strings.Join(texts, "; ")
	if !v.pass {
		v.text = "FAIL: " + v.text
	}
	return v
}

// compareWritten is compare on the written elements of out that r covers,
// or against at (when set) at every written element.
func compareWritten(out array, written []cudalib.Range, r reference, at func([]int) reference) verdict {
	n := out.length()
	count := spansLen(written)
	var sub reference
	switch {
	case at != nil:
		sub = at(spanIndex(written))
		sub.writtenOnly = true
	case r.idx == nil && len(r.want) == n:
		sub = r
		sub.spans, sub.writtenOnly, sub.normed = written, true, false
		if sub.spans == nil {
			sub.spans = []cudalib.Range{}
		}
	default:
		sub = r.restrict(written)
	}
	checked := len(sub.want)
	if sub.spans != nil {
		checked = count
	}
	if checked == 0 {
		return verdict{text: fmt.Sprintf("nothing checked: the sample wrote %d of %d elements, none of which the reference covers", count, n)}
	}
	c := compare(out, sub)
	what := fmt.Sprintf("the %s of outputs they wrote", percent(count, n))
	if checked < count {
		what += fmt.Sprintf(" (%d of them in the reference's sample)", checked)
	}
	if c.pass {
		return verdict{pass: true, text: what + " match the reference: " + strings.TrimPrefix(c.text, "ok: ")}
	}
	return verdict{text: what + ": " + strings.TrimPrefix(c.text, "FAIL: ")}
}

// spanIndex lists the elements of spans, ascending.
func spanIndex(spans []cudalib.Range) []int {
	idx := make([]int, 0, spansLen(spans))
	for _, s := range spans {
		for i := s.Lo; i < s.Hi; i++ {
			idx = append(idx, i)
		}
	}
	return idx
}

// unwriteOutside poisons the host elements of out outside written
// (ascending): what a device-side poison would have left there.
func unwriteOutside(out array, written []cudalib.Range) {
	lo := 0
	for _, s := range written {
		if s.Lo > lo {
			out.unwrite(lo, s.Lo)
		}
		lo = s.Hi
	}
	if n := out.length(); lo < n {
		out.unwrite(lo, n)
	}
}

// restrict is r (a reference at idx) at the elements of written
// (ascending spans) that it covers, in idx's order.
func (r reference) restrict(written []cudalib.Range) reference {
	sub := reference{tol: r.tol, how: r.how, writtenOnly: true, want: []float64{}, idx: []int{}}
	for j, i := range r.idx {
		k := sort.Search(len(written), func(k int) bool { return written[k].Hi > i })
		if k == len(written) || written[k].Lo > i {
			continue
		}
		sub.idx = append(sub.idx, i)
		sub.want = append(sub.want, r.want[j])
		if r.scale != nil {
			sub.scale = append(sub.scale, r.scale[j])
		}
	}
	return sub
}

// percent writes k of n as a percentage with two significant digits.
func percent(k, n int) string {
	if n == 0 {
		return "0 %"
	}
	p := 100 * float64(k) / float64(n)
	if p >= 10 {
		return fmt.Sprintf("%.0f %%", p)
	}
	return fmt.Sprintf("%.2g %%", p)
}
