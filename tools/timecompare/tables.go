package main

import (
	"fmt"
	"strings"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/tools/internal/toolfile"
)

// runTables compares the modelled times of a virtual GPU's `culab run`
// tables.md with the measured ones of a GPU's, lab by lab, in each lab's
// size and variant order.
func runTables(modeledPath, measuredPath, only, outPath string) error {
	if measuredPath == "" {
		return fmt.Errorf("-modeled needs -tables, the measured tables.md")
	}
	modeled, err := readTimes(modeledPath, parseTables)
	if err != nil {
		return err
	}
	measured, err := readTimes(measuredPath, parseTables)
	if err != nil {
		return err
	}
	head := []string{
		"# Modeled (virtual GPU) vs measured lab times at the report's sizes",
		"",
		fmt.Sprintf("Modeled: %s. Measured: %s. Order agreement: pairs of variants at one size whose modeled order is the measured one (a measured tie within %.0f%% agrees with either order; a modeled tie, within 1%%, only with a measured one).",
			modeledPath, measuredPath, 100*tieFraction),
	}
	var results []labResult
	for _, l := range labs.All() {
		if only != "" && !contains(strings.Split(only, ","), l.Key) {
			continue
		}
		if modeled[l.Key] == nil || measured[l.Key] == nil {
			continue
		}
		results = append(results, pair(l.Key, "tables", orderedTable(l, modeled[l.Key]), measured[l.Key]))
	}
	w, done, err := toolfile.Create(outPath)
	if err != nil {
		return err
	}
	writeMarkdown(w, head, results)
	return done()
}

// orderedTable is a lab's parsed times as a table in the lab's order:
// its sizes, then each size's variants.
func orderedTable(l *labs.Lab, ts map[string]map[string]float64) labs.Table {
	t := labs.Table{Lab: l.Key}
	for _, n := range l.Sizes {
		size := l.SizeLabel(n)
		for _, v := range l.VariantNames() {
			if ms, ok := ts[size][v]; ok {
				t.Rows = append(t.Rows, labs.Row{SizeLabel: size, Variant: v, Modeled: true, MedianMS: ms})
			}
		}
	}
	return t
}
