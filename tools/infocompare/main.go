// Command infocompare holds each virtual GPU model's device query to the
// real device's (issue 33): on a GPU machine it reads every device's
// properties through the CUDA driver (cudalib.Probe, what `culab info`
// prints), finds the model of the same name (gpus.ByDeviceName), opens
// that model's virtual GPU and writes, property by property, both values
// and whether they agree, in Markdown. A property where the virtual GPU
// differs by design (its memory is the CPU's, capped) says so.
//
//	infocompare [-o out.md]
//
// It exits 1 when no GPU can be used or a device has no model.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/gpus"
)

func main() {
	out := flag.String("o", "", "write the Markdown here (default: stdout)")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "infocompare:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	r := cudalib.Probe()
	if !r.GPU() {
		return fmt.Errorf("no GPU can be used: %v", r.DeviceErr)
	}
	var b strings.Builder
	for _, real := range r.Devices {
		g, ok := gpus.ByDeviceName(real.Name)
		if !ok {
			return fmt.Errorf("device %d (%s) has no virtual GPU model (gpus.All)", real.Ordinal, real.Name)
		}
		dev, err := cudalib.OpenVirtualGPU(g.Key)
		if err != nil {
			return fmt.Errorf("virtual %s: %w", g.Key, err)
		}
		virtual := dev.Info()
		dev.Close()
		fmt.Fprintf(&b, "## GPU %d: %s against `virtual:%s`\n\n", real.Ordinal, real.Name, g.Key)
		writeTable(&b, real, virtual)
	}
	if out == "" {
		_, err := io.WriteString(os.Stdout, b.String())
		return err
	}
	return os.WriteFile(out, []byte(b.String()), 0o644)
}

// byDesign are the properties the virtual GPU does not copy, and why.
var byDesign = map[string]string{
	"Ordinal":  "its own numbering",
	"Name":     "says it is the virtual GPU, naming the model",
	"UUID":     "a virtual GPU has none",
	"Backend":  "names the backend",
	"TotalMem": "the virtual GPU's memory is the CPU's, capped (cudalib/vgpu)",
}

// writeTable writes the properties of real and virtual side by side: every
// field of cudalib.Info, its two values, and agreement.
func writeTable(w io.Writer, real, virtual cudalib.Info) {
	fmt.Fprintln(w, "| property | GPU (CUDA driver) | virtual model | agrees |")
	fmt.Fprintln(w, "|---|---|---|---|")
	rv, vv := reflect.ValueOf(real), reflect.ValueOf(virtual)
	agree, n := 0, 0
	for i := 0; i < rv.NumField(); i++ {
		name := rv.Type().Field(i).Name
		a, b := rv.Field(i).Interface(), vv.Field(i).Interface()
		verdict := "yes"
		switch why, ok := byDesign[name]; {
		case ok:
			verdict = "by design: " + why
		case !reflect.DeepEqual(a, b):
			verdict = "**no**"
			n++
		default:
			agree++
			n++
		}
		fmt.Fprintf(w, "| %s | %v | %v | %s |\n", name, a, b, verdict)
	}
	fmt.Fprintf(w, "\n%d of %d properties agree (the %d by design aside).\n\n", agree, n, len(byDesign))
}
