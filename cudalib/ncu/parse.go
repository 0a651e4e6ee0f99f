package ncu

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Launch is one profiled kernel launch of ncu's CSV.
type Launch struct {
	ID          int
	Kernel      string // as ncu printed it (mangled with --print-kernel-base mangled)
	Grid, Block [3]int
	Metrics     map[string]float64 // in base units where ncu was told --print-units base
}

// ReadFile reads ncu's CSV from a file (Parse).
func ReadFile(path string) ([]Launch, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	launches, err := Parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return launches, nil
}

// Parse reads `ncu --csv` output, in either layout: the details page (a
// row per launch and metric, with "Metric Name" and "Metric Value") or
// the raw page (a row per launch, a column per metric, a row of units
// after the header). Lines before the header (ncu's ==PROF== messages,
// the program's own output) are skipped. Launches come back by ID.
func Parse(r io.Reader) ([]Launch, error) {
	// Skip to the header: the first line that starts with "ID".
	br := bufio.NewReader(r)
	var header string
	for {
		line, err := br.ReadString('\n')
		if strings.HasPrefix(line, `"ID"`) {
			header = line
			break
		}
		if err != nil {
			return nil, fmt.Errorf("no CSV header (a line starting with \"ID\"): did ncu profile any launch?")
		}
	}
	cr := csv.NewReader(io.MultiReader(strings.NewReader(header), br))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, need := range []string{"ID", "Kernel Name", "Grid Size", "Block Size"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("no %q column", need)
		}
	}
	byID := map[int]*Launch{}
	get := func(row []string, name string) string {
		if i, ok := col[name]; ok && i < len(row) {
			return row[i]
		}
		return ""
	}
	launchOf := func(row []string) (*Launch, error) {
		id, err := strconv.Atoi(get(row, "ID"))
		if err != nil {
			return nil, fmt.Errorf("ID %q", get(row, "ID"))
		}
		if l := byID[id]; l != nil {
			return l, nil
		}
		l := &Launch{ID: id, Kernel: get(row, "Kernel Name"), Metrics: map[string]float64{}}
		if l.Grid, err = parseDim(get(row, "Grid Size")); err != nil {
			return nil, err
		}
		if l.Block, err = parseDim(get(row, "Block Size")); err != nil {
			return nil, err
		}
		byID[id] = l
		return l, nil
	}
	if _, long := col["Metric Name"]; long {
		for _, row := range rows[1:] {
			l, err := launchOf(row)
			if err != nil {
				return nil, err
			}
			if v, ok := parseValue(get(row, "Metric Value"), get(row, "Metric Unit")); ok {
				l.Metrics[get(row, "Metric Name")] = v
			}
		}
	} else {
		units := map[int]string{}
		body := rows[1:]
		if len(body) > 0 && body[0][col["ID"]] == "" { // the units row
			for i, u := range body[0] {
				units[i] = u
			}
			body = body[1:]
		}
		for _, row := range body {
			l, err := launchOf(row)
			if err != nil {
				return nil, err
			}
			for i, h := range rows[0] {
				if i < len(row) && strings.Contains(h, "__") {
					if v, ok := parseValue(row[i], units[i]); ok {
						l.Metrics[h] = v
					}
				}
			}
		}
	}
	out := make([]Launch, 0, len(byID))
	for _, l := range byID {
		out = append(out, *l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// parseDim reads "(16, 16, 1)".
func parseDim(s string) ([3]int, error) {
	var d [3]int
	parts := strings.Split(strings.Trim(strings.TrimSpace(s), "()"), ",")
	if len(parts) != 3 {
		return d, fmt.Errorf("dimension %q", s)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return d, fmt.Errorf("dimension %q", s)
		}
		d[i] = n
	}
	return d, nil
}

// parseValue reads a metric value ("1,024", "3.5", "n/a") in its unit,
// undoing a K, M or G prefix (ncu scales values unless told
// --print-units base).
func parseValue(s, unit string) (float64, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	if len(unit) > 1 {
		switch unit[0] {
		case 'K':
			v *= 1e3
		case 'M':
			v *= 1e6
		case 'G':
			v *= 1e9
		}
	}
	return v, true
}
