// Command gensass writes cudalib/warpissue's fixtures: the SASS of
// bench/microbench/mlp.cu's kernels and of the matmul lab's
// (cudalib/labs/cuda/matmul.cu) for sm_75 and sm_90, testdata/NAME_smXY.sass, from the pinned NVRTC 13 and
// nvdisasm (scripts/setup-cudatools.sh), as the virtual GPU compiles a
// module (-lineinfo) and disassembles it (-g -c -ndf).
//
//	go run ./cudalib/warpissue/internal/gensass
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/sass"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gensass:", err)
		os.Exit(1)
	}
}

func run() error {
	tools, err := sass.Find()
	if err != nil {
		return err
	}
	for _, arch := range []int{75, 90} {
		for _, path := range []string{"bench/microbench/mlp.cu", "cudalib/labs/cuda/matmul.cu"} {
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			name := filepath.Base(path)
			text, err := tools.Disassembly(nvrtc.Request{Name: name, Source: string(src), Options: []string{"-lineinfo"},
				Target: nvrtc.Target{Arch: arch}})
			if err != nil {
				return err
			}
			out := filepath.Join("cudalib/warpissue/testdata", fmt.Sprintf("%s_sm%d.sass", strings.TrimSuffix(name, ".cu"), arch))
			if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
