package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/culab/culab/cudalib/timemodel"
)

// The time model's constants that were taken from the zoo, each with the
// rule that fits it to a set of rows and the families timemodel.H100's
// value was fitted on. Every other family is out of sample for every
// constant: report's held-out figures. The leave-families-out check goes
// further: each family is scored with the constants fitted on all the
// other families, so that no family is ever scored with a constant it
// helped fit.
type zooConstant struct {
	name     string
	fittedOn []string // families timemodel.H100's value comes from
	// fit returns the constant from the rows, and false when they say
	// nothing about it.
	fit func(rows []recRow) (float64, bool)
	set func(g *timemodel.GPU, v float64)
}

var zooConstants = []zooConstant{{
	name:     "AddressAtomicsPerSec",
	fittedOn: []string{"atomics"},
	fit:      fitAddressAtomics,
	set:      func(g *timemodel.GPU, v float64) { g.AddressAtomicsPerSec = v },
}}

// fitAddressAtomics: a row whose launches make at most n atomic
// operations on one address in time t shows that the L2 applies at least
// n/t of them a second (the row may be bound by something else: then
// more); the largest such rate over the rows is the estimate, set by the
// row that contention bounds most.
func fitAddressAtomics(rows []recRow) (float64, bool) {
	best := 0.0
	for _, r := range rows {
		var n int64
		for _, w := range r.Work {
			n = max(n, w.Launch.Counters.MaxAddressAtomics)
		}
		if t := medianOver(r.MeasuredMS); n > 0 && t > 0 {
			best = max(best, float64(n)/(t*1e-3))
		}
	}
	return best, best > 0
}

// heldOut reports whether no constant was fitted on family f.
func heldOut(f string) bool {
	for _, c := range zooConstants {
		if slices.Contains(c.fittedOn, f) {
			return false
		}
	}
	return true
}

// splitFigures scores the families fitted on (training) and the others
// (held out) apart, and all together.
func splitFigures(fams []string, points map[string][]point) (held, train, all figures) {
	for _, f := range fams {
		s := score(points[f])
		all.add(s)
		if heldOut(f) {
			held.add(s)
		} else {
			train.add(s)
		}
	}
	return held, train, all
}

// lofoFamily is one family scored with the constants fitted without it.
type lofoFamily struct {
	family string
	values []float64 // per zooConstants; 0: nothing to fit on, the H100 value kept
	fig    figures
}

// leaveFamiliesOut scores every family with the model whose zoo
// constants are fitted on all the other families.
func leaveFamiliesOut(base timemodel.GPU, rec *recording) (per []lofoFamily, total figures) {
	fams, _ := modelPoints(base, rec)
	for _, f := range fams {
		g := base
		lf := lofoFamily{family: f}
		var others, mine []recRow
		for _, r := range rec.Rows {
			if r.Family == f {
				mine = append(mine, r)
			} else {
				others = append(others, r)
			}
		}
		for _, c := range zooConstants {
			v, ok := c.fit(others)
			if ok {
				c.set(&g, v)
			} else {
				v = 0
			}
			lf.values = append(lf.values, v)
		}
		_, pts := modelPoints(g, &recording{Runs: rec.Runs, Rows: mine})
		lf.fig = score(pts[f])
		total.add(lf.fig)
		per = append(per, lf)
	}
	return per, total
}

// writeLOFO writes the held-out and leave-families-out figures.
func writeLOFO(w io.Writer, rec *recording) {
	fams, points := modelPoints(timemodel.H100, rec)
	held, train, all := splitFigures(fams, points)
	fmt.Fprintf(w, "## Out of sample\n\nConstants of `timemodel.H100` taken from the zoo, and the families they were fitted on:")
	for _, c := range zooConstants {
		fmt.Fprintf(w, " %s (%v)", c.name, c.fittedOn)
	}
	fmt.Fprintf(w, "; every other constant comes from the labs, public figures, the device's report or ptxas's output (docs/timemodel.md).\n\n")
	fmt.Fprintf(w, "| families | rows | order | within 2× | within 4× | modeled / measured |\n|:---|---:|---:|---:|---:|---:|\n")
	for _, x := range []struct {
		name string
		f    figures
	}{{"held out (fitted on none)", held}, {"fitted on", train}, {"all", all}} {
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %.2f–%.2f |\n", x.name, x.f.n, pct(x.f.agree, x.f.pairs), pct(x.f.in2, x.f.n), pct(x.f.in4, x.f.n), x.f.lo, x.f.hi)
	}
	per, total := leaveFamiliesOut(timemodel.H100, rec)
	fmt.Fprintf(w, "\nLeave-families-out: each family scored with the zoo's constants fitted on all the other families (the fit rules in tools/zoocompare/lofo.go): **order %s, within 2× %s, within 4× %s**. The families whose constants move:\n\n",
		pct(total.agree, total.pairs), pct(total.in2, total.n), pct(total.in4, total.n))
	fmt.Fprintf(w, "| family |")
	for _, c := range zooConstants {
		fmt.Fprintf(w, " %s without it |", c.name)
	}
	fmt.Fprintf(w, " order | within 2× | within 4× |\n|:---|")
	for range zooConstants {
		fmt.Fprintf(w, "---:|")
	}
	fmt.Fprintf(w, "---:|---:|---:|\n")
	for _, lf := range per {
		if heldOut(lf.family) && !usesZooConstant(rec, lf.family) {
			continue
		}
		fmt.Fprintf(w, "| %s |", lf.family)
		for _, v := range lf.values {
			fmt.Fprintf(w, " %.3g |", v)
		}
		fmt.Fprintf(w, " %s | %s | %s |\n", pct(lf.fig.agree, lf.fig.pairs), pct(lf.fig.in2, lf.fig.n), pct(lf.fig.in4, lf.fig.n))
	}
	fmt.Fprintln(w)
}

// usesZooConstant reports whether a family's rows reach a term whose
// constant comes from the zoo (atomics on one address).
func usesZooConstant(rec *recording, f string) bool {
	for _, r := range rec.Rows {
		if r.Family != f {
			continue
		}
		for _, w := range r.Work {
			if w.Launch.Counters.MaxAddressAtomics > 0 {
				return true
			}
		}
	}
	return false
}
