package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/culab/culab/display/table"
	"github.com/culab/culab/tools/sancompare/catalog"
	"github.com/culab/culab/tools/sancompare/seeded"
)

// tools are compute-sanitizer's tools, in the order run.sh runs them.
var tools = []string{"memcheck", "racecheck", "synccheck", "initcheck"}

// site is a finding's identity in the comparison: kind and line (races:
// both lines, lower first).
func site(kind string, line, other int) string {
	if kind == "race" && other != 0 {
		a, b := min(line, other), max(line, other)
		return fmt.Sprintf("race@%d/%d", a, b)
	}
	return fmt.Sprintf("%s@%d", kind, line)
}

func compareCmd(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	dir := fs.String("catalog", catalog.Dir, "catalogue directory")
	vmPath := fs.String("vm", "vm.json", "the virtual GPU's findings (sancompare vm)")
	logs := fs.String("logs", "logs", "directory of FILE.KERNEL.TOOL.log (FILE without .cu)")
	out := fs.String("o", "sancompare.md", "output markdown")
	fs.Parse(args)
	m, err := catalog.Load(*dir)
	if err != nil {
		return err
	}
	b, err := os.ReadFile(*vmPath)
	if err != nil {
		return err
	}
	var vm []vmResult
	if err := json.Unmarshal(b, &vm); err != nil {
		return fmt.Errorf("%s: %w", *vmPath, err)
	}
	md, missing, err := compare(m, vm, *logs)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, []byte(md), 0o644); err != nil {
		return err
	}
	fmt.Printf("%d compute-sanitizer findings the virtual GPU lacks\n", missing)
	return nil
}

// compare writes the table: per kernel, the findings expected, those of
// compute-sanitizer per tool, those of the virtual GPU, and what
// compute-sanitizer found that the virtual GPU did not.
func compare(m *catalog.Manifest, vm []vmResult, logs string) (string, int, error) {
	var b strings.Builder
	b.WriteString("# compute-sanitizer vs the virtual GPU's sanitizer\n\n")
	b.WriteString("Kind@line per finding (races: both lines). Seeded-bug catalogue: cudalib/vgpu/testdata/seeded. ")
	b.WriteString("The virtual GPU column is Kernel.Sanitize's findings; a missing finding names the path that lacks it.\n\n")
	t := table.Table{Columns: table.Cols(table.Left, "kernel", "expected", "compute-sanitizer", "virtual GPU", "missing on the virtual GPU")}
	missingAll, extra := 0, 0
	for _, kc := range m.Kernels {
		var want []string
		for _, e := range kc.Expect {
			want = append(want, site(e.Kind, e.Line, 0))
		}
		var cs, notes []string
		csSites := map[string]string{} // site: the most severe finding's severity
		for _, tool := range tools {
			path := filepath.Join(logs, logName(&kc, tool))
			f, err := os.Open(path)
			if err != nil {
				notes = append(notes, tool+": no log")
				continue
			}
			found, err := parseSanitizer(f)
			f.Close()
			if err != nil {
				return "", 0, fmt.Errorf("%s: %w", path, err)
			}
			var here []string
			for _, c := range found {
				s := site(c.Kind, c.Line, c.Other)
				if !slices.Contains(here, s) {
					here = append(here, s)
				}
				if csSites[s] != "error" {
					csSites[s] = c.Severity
				}
			}
			if len(here) > 0 {
				cs = append(cs, tool+": "+strings.Join(here, " "))
			}
		}
		var got, missing []string
		for _, r := range vm {
			if r.Kernel != kc.Name() {
				continue
			}
			if r.Err != "" {
				notes = append(notes, "virtual GPU: "+r.Err)
			}
			for _, path := range seeded.Paths {
				vmSev := map[string]string{} // site: the most severe finding's severity
				for _, f := range r.Paths[path] {
					other := 0
					if f.Other != nil {
						other = f.Other.Line
					}
					s := site(f.Kind, f.Line, other)
					// A race matches on its lines alone, whichever came first.
					for _, k := range []string{s, site(f.Kind, f.Line, 0)} {
						if vmSev[k] != "error" {
							vmSev[k] = f.Severity
						}
					}
					if path == seeded.Paths[0] && !slices.Contains(got, s) {
						got = append(got, s)
					}
					if len(kc.Expect) == 0 {
						extra++
					}
				}
				for s, sev := range csSites {
					switch {
					case vmSev[s] == "":
						missing = append(missing, s+" ("+path+")")
					case sev == "error" && vmSev[s] != "error":
						missing = append(missing, s+" as an error ("+path+")")
					}
				}
			}
		}
		slices.Sort(missing)
		missingAll += len(missing)
		cell := strings.Join(cs, "; ")
		if len(notes) > 0 {
			cell += " (" + strings.Join(notes, "; ") + ")"
		}
		t.AddRow(kc.Name(), orNone(want), orNone([]string{cell}), orNone(got), orNone(missing))
	}
	b.WriteString(table.Markdown(t))
	fmt.Fprintf(&b, "\n%d compute-sanitizer findings the virtual GPU lacks on some path (%s), or makes as a warning only where compute-sanitizer reports an error; %d findings of the virtual GPU on kernels that should have none.\n",
		missingAll, strings.Join(seeded.Paths, ", "), extra)
	return b.String(), missingAll, nil
}

// logName is the file run.sh writes compute-sanitizer's output of a
// kernel and tool to.
func logName(kc *catalog.Kernel, tool string) string {
	k := kc.Kernel
	if kc.First != "" {
		k = kc.First + "+" + k
	}
	return strings.TrimSuffix(kc.File, ".cu") + "." + k + "." + tool + ".log"
}

func orNone(s []string) string {
	if len(s) == 0 || len(s) == 1 && s[0] == "" {
		return "—"
	}
	return strings.Join(s, " ")
}
