// Command ptxdump writes the PTX that this machine's NVRTC emits for every
// lab source and every %%cuda cell of the notebooks (compute_90,
// -lineinfo, as the virtual GPU compiles them), one file each, so that the
// PTX front end is tested on what both NVRTC versions really produce. With
// -cu it also compiles every .cu file of a directory (kernels declared
// extern "C", so no name expressions are needed) to extra-NAME.ptx.
//
//	go run ./tools/ptxdump -o DIR [-cu cudalib/ptx/testdata/extra] [notebooks/*.ipynb]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/cudalib/nvrtc"
)

func main() {
	out := flag.String("o", "", "output directory")
	cu := flag.String("cu", "", "also compile every .cu file in this directory")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: ptxdump -o DIR [-cu DIR] [notebook.ipynb ...]")
		os.Exit(2)
	}
	if err := run(*out, *cu, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "ptxdump:", err)
		os.Exit(1)
	}
}

func run(out, cuDir string, notebooks []string) error {
	lib, err := nvrtc.Load()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	write := func(name, file, src string, opts, exprs []string) error {
		res, err := lib.Compile(nvrtc.Request{Name: file, Source: src, Options: append([]string{"-lineinfo"}, opts...),
			NameExpressions: exprs, Target: nvrtc.Target{Arch: 90}})
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		path := filepath.Join(out, name+".ptx")
		fmt.Println("wrote", path)
		return os.WriteFile(path, []byte(strings.TrimRight(string(res.Image), "\x00")), 0o644)
	}
	for _, l := range labs.All() {
		seen := map[string]bool{}
		var exprs []string
		for _, v := range l.Variants {
			for _, k := range v.Kernels {
				if !seen[k] {
					seen[k] = true
					exprs = append(exprs, k)
				}
			}
		}
		if err := write("lab-"+strings.TrimSuffix(l.File, ".cu"), l.File, l.Source, l.Options, exprs); err != nil {
			return err
		}
	}
	if cuDir != "" {
		files, err := filepath.Glob(filepath.Join(cuDir, "*.cu"))
		if err != nil {
			return err
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			base := filepath.Base(f)
			if err := write("extra-"+strings.TrimSuffix(base, ".cu"), base, string(src), nil, nil); err != nil {
				return err
			}
		}
	}
	for _, nb := range notebooks {
		cells, err := cudaCells(nb)
		if err != nil {
			return err
		}
		base := strings.TrimSuffix(filepath.Base(nb), ".ipynb")
		for i, c := range cells {
			if err := write(fmt.Sprintf("nb-%s-%d", base, i), "cell.cu", c, nil, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// cudaCells returns the bodies of a notebook's %%cuda cells (the magic line
// dropped).
func cudaCells(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var nb struct {
		Cells []struct {
			Type   string          `json:"cell_type"`
			Source json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []string
	for _, c := range nb.Cells {
		var lines []string
		if json.Unmarshal(c.Source, &lines) != nil {
			var s string
			if err := json.Unmarshal(c.Source, &s); err != nil {
				return nil, fmt.Errorf("%s: cell source: %w", path, err)
			}
			lines = []string{s}
		}
		src := strings.Join(lines, "")
		if c.Type != "code" || !strings.HasPrefix(strings.TrimSpace(src), "%%cuda") {
			continue
		}
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			out = append(out, src[i+1:])
		}
	}
	return out, nil
}
