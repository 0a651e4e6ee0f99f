package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel/goengine"
	"github.com/culab/culab/kernel/nb"
	"github.com/culab/culab/kernel/nbrun"
)

// runArgs are culab run's arguments; flags may come before or after the
// notebooks, as in `culab run notebooks/*.ipynb -o out`.
type runArgs struct {
	notebooks []string
	outDir    string
	params    map[string]string
	timeout   time.Duration
}

func parseRunArgs(args []string) (runArgs, error) {
	ra := runArgs{outDir: "out", params: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		value := func() (string, error) {
			if k, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(k, "-") && !strings.HasPrefix(a, "-p") {
				return v, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", a)
			}
			i++
			return args[i], nil
		}
		var err error
		var v string
		switch {
		case a == "-o" || a == "--o" || strings.HasPrefix(a, "-o=") || strings.HasPrefix(a, "--o="):
			ra.outDir, err = value()
		case a == "-timeout" || a == "--timeout" || strings.HasPrefix(a, "-timeout=") || strings.HasPrefix(a, "--timeout="):
			if v, err = value(); err == nil {
				ra.timeout, err = time.ParseDuration(v)
			}
		case a == "-p" || a == "--p":
			if v, err = value(); err == nil {
				name, val, ok := strings.Cut(v, "=")
				if !ok || name == "" {
					return ra, fmt.Errorf("-p %q: want name=value", v)
				}
				ra.params[strings.TrimSpace(name)] = val
			}
		case strings.HasPrefix(a, "-"):
			return ra, fmt.Errorf("unknown flag %s (flags: -o DIR, -p name=value, -timeout DURATION)", a)
		default:
			ra.notebooks = append(ra.notebooks, a)
		}
		if err != nil {
			return ra, err
		}
	}
	if len(ra.notebooks) == 0 {
		return ra, errors.New("usage: culab run NOTEBOOK... [-o DIR] [-p name=value ...] [-timeout DURATION]")
	}
	return ra, nil
}

// reportTitle is a report's first line: the device that produces it and
// whether its times are measured or modelled.
func reportTitle(p cudalib.Report) string {
	switch {
	case p.Choice == "virtual":
		return "culab lab report — " + p.Virtual.Name + ": times MODELED from counters, not measured"
	case p.Choice == "gpu" && len(p.Devices) > 0:
		return "culab lab report — " + p.Devices[0].Name + ": times measured"
	}
	return "culab lab report"
}

// runNotebooks executes notebooks with the kernel's engine, writes each
// executed notebook and one report.html to the output folder, and fails
// when any cell failed.
func runNotebooks(args []string, stdout, stderr io.Writer) error {
	ra, err := parseRunArgs(args)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(ra.outDir, 0o755); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// A kernel fault in one notebook must not poison the next ones.
	useWorker(stderr)
	probe := cudalib.Probe()
	if probe.Choice == "gpu" {
		// The GPU's worker process starts now, outside any cell: started
		// by a cell, it would keep that notebook's captured stderr (where
		// the driver's printf goes) for the rest of the run. A failure is
		// the first cell's to report.
		_, _ = nb.Device()
	}
	info := nbrun.ReportInfo{
		Title: reportTitle(probe), Culab: version, Commit: commitOf(version),
		Date: time.Now().Format(time.RFC3339), Device: probe.String(),
		Driver: orReason(probe.Driver, probe.DriverErr), NVRTC: orReason(probe.NVRTC, probe.NVRTCErr),
	}
	start := time.Now()
	var entries []nbrun.Entry
	failed := 0
	for _, path := range ra.notebooks {
		fmt.Fprintf(stderr, "culab run: %s\n", path)
		en := runOne(ctx, path, ra, stderr)
		entries = append(entries, en)
		switch {
		case en.Err != nil:
			failed++
			fmt.Fprintf(stderr, "culab run: %s: %v\n", path, en.Err)
		case en.Result.Failed():
			failed++
			fmt.Fprintf(stderr, "culab run: %s: cell %d failed: %s: %s\n", path, en.Result.FailedCell, en.Result.Err.Name, en.Result.Err.Value)
		}
		if ctx.Err() != nil {
			break
		}
	}
	info.Duration = time.Since(start).Round(time.Second).String()
	if err := writeReport(ra.outDir, info, entries); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d notebook(s) and %s\n", len(entries), filepath.Join(ra.outDir, "report.html"))
	if failed > 0 {
		return fmt.Errorf("%d of %d notebook(s) failed", failed, len(ra.notebooks))
	}
	return ctx.Err()
}

func runOne(ctx context.Context, path string, ra runArgs, log io.Writer) nbrun.Entry {
	en := nbrun.Entry{Name: filepath.Base(path)}
	nb, err := nbrun.Read(path)
	if err != nil {
		en.Err = err
		return en
	}
	// A fresh engine per notebook: each starts from clean state, as a new
	// Jupyter kernel would. Its cells' fds 1 and 2 are captured as the
	// kernel's are: the virtual GPU's device printf writes to fd 1 and
	// belongs in the notebook, not in this command's output (a GPU's
	// comes from the worker process, which writes to this command's
	// stderr). Notebooks run one at a time, so the process-wide
	// redirection is the running cell's alone.
	eng, err := goengine.New(goengine.Options{CaptureFD: true, Version: version})
	if err != nil {
		en.Err = err
		return en
	}
	defer eng.Shutdown(false)
	en.Result, en.Err = nbrun.Execute(ctx, nb, eng, nbrun.Options{Params: ra.params, CellTimeout: ra.timeout, Log: log})
	if en.Err != nil {
		return en
	}
	b, err := nb.Encode()
	if err == nil {
		err = os.WriteFile(filepath.Join(ra.outDir, en.Name), b, 0o644)
	}
	en.Err = err
	return en
}

func writeReport(dir string, info nbrun.ReportInfo, entries []nbrun.Entry) error {
	f, err := os.Create(filepath.Join(dir, "report.html"))
	if err != nil {
		return err
	}
	if err := nbrun.WriteReport(f, info, entries); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	md, err := os.Create(filepath.Join(dir, "tables.md"))
	if err != nil {
		return err
	}
	if err := nbrun.WriteTables(md, info, entries); err != nil {
		md.Close()
		return err
	}
	return md.Close()
}

func commitOf(v string) string {
	if _, c, ok := strings.Cut(v, "+"); ok {
		return c
	}
	return "unknown"
}

func orReason(s string, err error) string {
	if err != nil {
		return "not available: " + err.Error()
	}
	return s
}
