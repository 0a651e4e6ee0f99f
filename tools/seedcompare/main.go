// Command seedcompare runs a lab's report rows on the report's GPU (its
// virtual model, or the GPU itself where it is that GPU: Lab.ReportDevice)
// and writes, in Markdown, the lab's table and the comparison with the
// report's published figures (labs.CompareReport).
//
//	seedcompare -lab stencil3d [-sizes 256,384] [-variants 'shared (8,8,8);2.5D (8,8)'] [-o out.md]
//
// Sizes default to the report's that the lab runs (Lab.ReportSizes),
// variants to those the report's figures name (Lab.ReportVariants).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/display"
	"github.com/culab/culab/plots"
)

func main() {
	lab := flag.String("lab", "", "lab key: stencil3d, vecadd or matmul")
	sizes := flag.String("sizes", "", "comma-separated sizes (default: the report's)")
	variants := flag.String("variants", "", "variants separated by semicolons (names have commas; default: the report's)")
	out := flag.String("o", "", "write the Markdown here (default: stdout)")
	flag.Parse()
	if err := run(*lab, *sizes, *variants, *out); err != nil {
		fmt.Fprintln(os.Stderr, "seedcompare:", err)
		os.Exit(1)
	}
}

func run(key, sizeList, variantList, out string) error {
	l, err := labs.Get(key)
	if err != nil {
		return err
	}
	var dev *cudalib.Device
	if d, err := cudalib.Open(); err == nil && !d.Virtual() {
		dev = d
	}
	rdev, err := l.ReportDevice(dev)
	if err != nil {
		return err
	}
	sizes := l.ReportSizes(rdev, false)
	if sizeList != "" {
		sizes = nil
		for _, s := range strings.Split(sizeList, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return fmt.Errorf("-sizes: %w", err)
			}
			sizes = append(sizes, n)
		}
	}
	vs := l.ReportVariants()
	if variantList != "" {
		vs = strings.Split(variantList, ";")
	}
	start := time.Now()
	t, err := l.RunWith(rdev, labs.Options{CPUCap: -1}, sizes, vs...)
	if err != nil {
		return err
	}
	c, err := labs.CompareReport(t)
	if err != nil {
		return err
	}
	w := io.Writer(os.Stdout)
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	_, err = fmt.Fprintf(w, "## %s on %s (%.0f s)\n\n%s\n\n%s\n", l.Title, rdev, time.Since(start).Seconds(), c.Markdown(), plots.Show(t).MIME[display.MIMEMarkdown])
	return err
}
