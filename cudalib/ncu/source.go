package ncu

import (
	"encoding/csv"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// Line is one line of CUDA source with the figures of ncu's source page
// (`ncu --import R --page source --csv --print-source cuda`, collected
// with the SourceCounters section from code compiled with -lineinfo).
// Metrics has every numeric column by its heading as ncu prints it, e.g.
// "Instructions Executed" (warp level), "Thread Instructions Executed",
// "L1 Tag Requests Global" (global requests, loads and stores together),
// "L2 Theoretical Sectors Global" and "... Ideal", "L1 Wavefronts Shared"
// and "... Ideal" (the excess over ideal is the bank conflicts), "Warp
// Stall Sampling (All Samples)".
type Line struct {
	File    string // as the file heading before the table names it; "" when none
	Line    int
	Source  string
	Metrics map[string]float64
}

// lineHeadings are the names ncu's source table gives its line-number
// column, in the versions seen.
var lineHeadings = []string{"#", "Line", "# Line", "Line No", "# Line No", "Line Number"}

// ParseSource reads the source page's CSV: a table per source file (a
// header row with "Source" and a line-number column), optionally after a
// row naming the file. Lines without any figure (comments, blank lines)
// are left out. ncu's own messages (==PROF==, ==WARNING==) are skipped.
func ParseSource(r io.Reader) ([]Line, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	var (
		out     []Line
		header  []string
		lineCol = -1
		srcCol  = -1
		file    string
		tables  int
	)
	for {
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("source page: %w", err)
		}
		if len(row) == 0 || strings.HasPrefix(row[0], "==") {
			continue
		}
		if l, s := headerCols(row); l >= 0 && s >= 0 {
			header, lineCol, srcCol = row, l, s
			tables++
			continue
		}
		if len(row) == 1 || header == nil || len(row) != len(header) {
			if f := sourceFile(row); f != "" {
				file, header = f, nil
			}
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(row[lineCol]))
		if err != nil {
			continue
		}
		ln := Line{File: file, Line: n, Source: row[srcCol], Metrics: map[string]float64{}}
		for i, h := range header {
			if i == lineCol || i == srcCol {
				continue
			}
			if v, ok := parseValue(row[i], ""); ok && v != 0 {
				ln.Metrics[h] = v
			}
		}
		if len(ln.Metrics) > 0 {
			out = append(out, ln)
		}
	}
	if tables == 0 {
		return nil, fmt.Errorf("source page: no table (a header with %q and a line number): was the kernel compiled with -lineinfo and profiled with the SourceCounters section?", "Source")
	}
	return out, nil
}

// headerCols finds the line-number and source columns of a header row.
func headerCols(row []string) (line, src int) {
	line, src = -1, -1
	for i, h := range row {
		h = strings.TrimSpace(h)
		if h == "Source" && src < 0 { // cuda,sass has a second, the SASS
			src = i
		}
		for _, l := range lineHeadings {
			if h == l && line < 0 {
				line = i
			}
		}
	}
	return line, src
}

// sourceFile is the file a row before a table names ("File Path",
// "/tmp/kernel.cu"; "File: kernel.cu"; a path alone), or "".
func sourceFile(row []string) string {
	for _, c := range row {
		c = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c), "File:"))
		switch path.Ext(c) {
		case ".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc":
			return c
		}
	}
	return ""
}
