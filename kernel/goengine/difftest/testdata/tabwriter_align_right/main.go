package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

type row struct {
	name  string
	count int
	ratio float64
}

func main() {
	rows := []row{{"alpha", 3, 0.5}, {"be", 12345, 1.25}, {"gamma-ray", 7, 10}}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 1, ' ', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(w, "name\tcount\tratio\t")
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%d\t%.2f\t\n", r.name, r.count, r.ratio)
	}
	w.Flush()
	w = tabwriter.NewWriter(os.Stdout, 8, 4, 2, '.', 0)
	fmt.Fprintln(w, "a\tbb\tccc")
	fmt.Fprintln(w, "dddd\te\tf")
	w.Flush()
}
