package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/culab/culab/display/table"
)

// A point is one (size, variant) of a lab with its modelled and measured
// median times in ms (0: none).
type point struct {
	size     string
	variant  string
	modeled  float64
	measured float64
}

// labResult is one lab's points, in table order.
type labResult struct {
	lab    string
	source string // where the measured times come from
	points []point
}

// tieFraction is how close two times must be to count as a tie: a
// measured tie agrees with either modelled order (the GPU's run-to-run
// noise is a few per cent), and a modelled tie agrees only with a
// measured one when they are within modelTieFraction (the model is
// deterministic: equal work gives equal times).
const (
	tieFraction      = 0.03
	modelTieFraction = 0.01
)

// clearFraction is how far apart two measured times must be for their
// order to be clear of the GPU's noise; agreement is also counted over
// those pairs alone.
const clearFraction = 0.10

// agreement counts, per size, the pairs of variants with both times whose
// modelled order is the measured one, over all pairs and over the pairs
// whose measured times are at least clearFraction apart.
func agreement(ps []point) (agree, pairs, clearAgree, clearPairs int) {
	bySize := map[string][]point{}
	var order []string
	for _, p := range ps {
		if p.modeled <= 0 || p.measured <= 0 {
			continue
		}
		if _, ok := bySize[p.size]; !ok {
			order = append(order, p.size)
		}
		bySize[p.size] = append(bySize[p.size], p)
	}
	for _, s := range order {
		v := bySize[s]
		for i := range v {
			for j := i + 1; j < len(v); j++ {
				a, b := v[i], v[j]
				ok := agrees(a.modeled, b.modeled, a.measured, b.measured)
				pairs++
				if ok {
					agree++
				}
				if !near(a.measured, b.measured, clearFraction) {
					clearPairs++
					if ok {
						clearAgree++
					}
				}
			}
		}
	}
	return agree, pairs, clearAgree, clearPairs
}

// steadyAgreement counts, over the pairs of variants that every measured
// run orders the same way with times more than tieFraction apart (the
// pairs the GPU orders consistently, clear of its run-to-run noise), those
// whose modelled order is that one. runs holds one lab's points against
// each run, the same rows in the same order (one recording, remeasured).
func steadyAgreement(runs [][]point) (agree, pairs int) {
	if len(runs) == 0 {
		return 0, 0
	}
	ps := runs[0]
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if ps[i].size != ps[j].size {
				continue
			}
			faster, steady := 0, true // faster: +1 when i is the faster in every run
			for _, r := range runs {
				a, b := r[i], r[j]
				if a.measured <= 0 || b.measured <= 0 || near(a.measured, b.measured, tieFraction) {
					steady = false
					break
				}
				f := 1
				if a.measured > b.measured {
					f = -1
				}
				if faster != 0 && f != faster {
					steady = false
					break
				}
				faster = f
			}
			if !steady {
				continue
			}
			pairs++
			m1, m2 := ps[i].modeled, ps[j].modeled
			if !near(m1, m2, modelTieFraction) && (m1 < m2) == (faster > 0) {
				agree++
			}
		}
	}
	return agree, pairs
}

// agrees says whether the modelled order of two variants is the measured one.
func agrees(m1, m2, g1, g2 float64) bool {
	switch {
	case near(g1, g2, tieFraction):
		return true
	case near(m1, m2, modelTieFraction):
		return false
	}
	return (m1 < m2) == (g1 < g2)
}

func near(a, b, frac float64) bool { return math.Abs(a-b) <= frac*math.Max(a, b) }

// within2x counts the points with both times whose ratio is within 2×.
func within2x(ps []point) (in, n int) {
	for _, p := range ps {
		if p.modeled <= 0 || p.measured <= 0 {
			continue
		}
		n++
		if r := p.modeled / p.measured; r >= 0.5 && r <= 2 {
			in++
		}
	}
	return in, n
}

// writeMarkdown writes the comparison: a summary line per lab, then each
// lab's rows.
func writeMarkdown(w io.Writer, head []string, rs []labResult) {
	for _, h := range head {
		fmt.Fprintln(w, h)
	}
	sum := table.Table{Columns: append(table.Cols(table.Left, "lab", "measured on"), table.Cols(table.Right, "order agreement",
		fmt.Sprintf("same, pairs ≥ %.0f%% apart", 100*clearFraction), "within 2×", "modeled/measured (min–max)")...)}
	for _, r := range rs {
		a, p, ca, cp := agreement(r.points)
		in, n := within2x(r.points)
		lo, hi := ratioRange(r.points)
		sum.AddRow(r.lab, r.source, pct(a, p), pct(ca, cp), pct(in, n), rng(lo, hi))
	}
	fmt.Fprint(w, "\n"+table.Markdown(sum))
	for _, r := range rs {
		lab := table.Table{Columns: append(table.Cols(table.Left, "size", "variant"), table.Cols(table.Right, "modeled ms", "measured ms", "modeled/measured")...)}
		for _, p := range r.points {
			lab.Rows = append(lab.Rows, table.Row{Cells: []table.Cell{{Text: p.size}, {Text: p.variant}, {Text: ms(p.modeled)}, {Text: ms(p.measured)}, ratio(p)}})
		}
		fmt.Fprintf(w, "### %s\n\n%s", r.lab, table.Markdown(lab))
	}
}

func ratioRange(ps []point) (lo, hi float64) {
	for _, p := range ps {
		if p.modeled <= 0 || p.measured <= 0 {
			continue
		}
		r := p.modeled / p.measured
		if lo == 0 || r < lo {
			lo = r
		}
		hi = max(hi, r)
	}
	return lo, hi
}

func pct(a, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%% (%d/%d)", 100*float64(a)/float64(n), a, n)
}

func rng(lo, hi float64) string {
	if lo == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f–%.2f", lo, hi)
}

func ms(v float64) string {
	if v <= 0 {
		return "–"
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// ratio is the cell of p's modeled/measured, in bold outside 2×.
func ratio(p point) table.Cell {
	if p.modeled <= 0 || p.measured <= 0 {
		return table.Cell{Text: "–"}
	}
	r := p.modeled / p.measured
	c := table.Cell{Text: fmt.Sprintf("%.2f", r)}
	if r < 0.5 || r > 2 {
		c.Em = table.Strong
	}
	return c
}

// times maps lab → size → variant → ms.
type times = map[string]map[string]map[string]float64

// parseTables reads the median times of a `culab run` tables.md: each lab's
// table follows a line "lab KEY · device · ..."; its rows are "| size |
// variant | median ms | ...". Only the tables of the report's device (its
// first table's) count: a notebook's section "On the report's GPU" adds
// tables of the same lab on another GPU's model.
func parseTables(r io.Reader) (times, error) {
	device := ""
	return parseTimes(r, func(line string) (string, bool) {
		k, ok := strings.CutPrefix(line, "lab ")
		if !ok {
			return "", false
		}
		f := strings.SplitN(k, "·", 3)
		if len(f) > 1 {
			d := strings.TrimSpace(f[1])
			if device == "" {
				device = d
			} else if d != device {
				return "", true
			}
		}
		return strings.TrimSpace(f[0]), true
	}, 2, false)
}

// parseTimes reads markdown tables of times. A line for which section
// gives a lab key starts that lab's rows; a row "| size | variant | ... |"
// has its time in column col. With first, a lab's later sections are
// skipped (measured elsewhere).
func parseTimes(r io.Reader, section func(line string) (string, bool), col int, first bool) (times, error) {
	out := times{}
	lab := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if k, ok := section(line); ok {
			lab = k
			if first && out[lab] != nil {
				lab = ""
			}
			continue
		}
		if lab == "" || !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) <= col {
			continue
		}
		v, err := strconv.ParseFloat(strings.Trim(cells[col], "*"), 64)
		if err != nil {
			continue // the header, the rule, or a row without a time
		}
		size, variant := unescape(cells[0]), unescape(cells[1])
		if out[lab] == nil {
			out[lab] = map[string]map[string]float64{}
		}
		if out[lab][size] == nil {
			out[lab][size] = map[string]float64{}
		}
		out[lab][size][variant] = v
	}
	return out, sc.Err()
}

// readTimes opens path and parses it with parse.
func readTimes(path string, parse func(io.Reader) (times, error)) (times, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// unescape undoes the Markdown escapes of display/table's tables and a
// cell's bold (an escaped "*" of the text stays).
func unescape(s string) string {
	if len(s) >= 4 && strings.HasPrefix(s, "**") && strings.HasSuffix(s, "**") {
		s = s[2 : len(s)-2]
	}
	return strings.NewReplacer(`\_`, "_", `\*`, "*", "&lt;", "<", "&gt;", ">", "&amp;", "&", `\|`, "|").Replace(s)
}
