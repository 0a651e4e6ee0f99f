// Command ftzcheck asks whether this machine's NVRTC honours -ftz=true
// when it makes CUBIN as it does when it makes PTX. vgpudiff's -ftz=true
// runs on an H100 (NVRTC 13) gave GPU results that were, element for
// element, those of the instructions without .ftz, while the virtual GPU,
// reading NVRTC's PTX, flushed: either the CUBIN path drops -ftz or the
// PTX path is not what the GPU ran. It compiles vgpudiff's float.cu four
// ways (PTX and CUBIN, with and without -ftz=true), writes them under
// -o, and says how many .ftz instructions each PTX has and whether the
// two CUBINs differ.
//
//	CGO_ENABLED=0 go build -o .cudabin/ftzcheck ./cudalib/vgpu/alu/testdata/ftzcheck
//	.cudabin/ftzcheck -o "$OUT"   # on the GPU machine; then: cuobjdump -sass "$OUT"/float-sm90-ftz.cubin | grep -c FTZ
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/culab/culab/cudalib/nvrtc"
)

func main() {
	out := flag.String("o", ".", "directory for the PTX and CUBIN files")
	kernels := flag.String("k", "tools/vgpudiff/kernels", "vgpudiff's kernels directory")
	flag.Parse()
	if err := run(*out, *kernels); err != nil {
		fmt.Fprintln(os.Stderr, "ftzcheck:", err)
		os.Exit(1)
	}
}

func run(out, kernels string) error {
	lib, err := nvrtc.Load()
	if err != nil {
		return err
	}
	pre, err := os.ReadFile(filepath.Join(kernels, "prelude.cuh"))
	if err != nil {
		return err
	}
	body, err := os.ReadFile(filepath.Join(kernels, "float.cu"))
	if err != nil {
		return err
	}
	src := string(pre) + "\n#line 1 \"float.cu\"\n" + string(body)
	major, minor := lib.Version()
	fmt.Printf("NVRTC %d.%d\n", major, minor)
	images := map[string][]byte{}
	for _, cubin := range []bool{false, true} {
		for _, ftz := range []bool{false, true} {
			var opts []string
			name := "float-compute90"
			if cubin {
				name = "float-sm90"
			}
			if ftz {
				opts, name = []string{"-ftz=true"}, name+"-ftz"
			}
			res, err := lib.Compile(nvrtc.Request{Name: "float.cu", Source: src, Options: opts, Target: nvrtc.Target{Arch: 90, CUBIN: cubin}})
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			ext := ".ptx"
			if cubin {
				ext = ".cubin"
			}
			if err := os.WriteFile(filepath.Join(out, name+ext), res.Image, 0o644); err != nil {
				return err
			}
			images[name] = res.Image
			if !cubin {
				fmt.Printf("%s.ptx: %d instructions with .ftz\n", name, strings.Count(string(res.Image), ".ftz."))
			}
		}
	}
	same := bytes.Equal(images["float-sm90"], images["float-sm90-ftz"])
	fmt.Printf("CUBIN with -ftz=true identical to CUBIN without: %v\n", same)
	return nil
}
