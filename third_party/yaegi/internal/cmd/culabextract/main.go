// Command culabextract writes the symbol tables of standard library
// packages for the Go toolchain that runs it (culab patch 28), as yaegi's
// own extract command does, which culab's copy of yaegi leaves out:
//
//	cd stdlib && go run ../internal/cmd/culabextract go1.26 bufio bytes ...
//
// Each package P gets go1_NN_P.go (slashes as underscores) in the current
// directory, built only by Go 1.NN and later.
package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/traefik/yaegi/extract"
)

func main() {
	if len(os.Args) < 3 || !strings.HasPrefix(os.Args[1], "go1.") {
		fmt.Fprintln(os.Stderr, "usage: culabextract go1.NN package...")
		os.Exit(2)
	}
	tag := os.Args[1]
	if v := runtime.Version(); v != tag && !strings.HasPrefix(v, tag+".") {
		fmt.Fprintf(os.Stderr, "culabextract: the tables for %s must be made by Go %s, not %s\n", tag, tag, v)
		os.Exit(2)
	}
	prefix := "go" + strings.ReplaceAll(strings.TrimPrefix(tag, "go"), ".", "_") + "_"
	e := extract.Extractor{Dest: "stdlib"} // its build tag is the running Go's version
	failed := false
	for _, pkg := range os.Args[2:] {
		var buf bytes.Buffer
		if _, err := e.Extract(pkg, "", &buf); err != nil {
			fmt.Fprintf(os.Stderr, "culabextract: %s: %v\n", pkg, err)
			failed = true
			continue
		}
		name := prefix + strings.NewReplacer("/", "_", "-", "_", ".", "_").Replace(pkg) + ".go"
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "culabextract: %v\n", err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}
