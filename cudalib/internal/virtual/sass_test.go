package virtual

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/sass"
)

// sassLabs are modules as large as a lab's, compiled to SASS by the
// benchmark.
var sassLabs = []string{"matmul", "stencil3d", "floyd"}

// BenchmarkCompileSASS is what a module's first profile adds where the
// tools are installed: NVRTC 13 to an sm_90 CUBIN, nvdisasm, the parse.
// cold: each iteration compiles a source no cache holds (a fresh
// comment); disk: the same source again from the disk caches (a new
// process: a kernel restarted, make report run again). In one process
// it is a map lookup (sassCache).
//
//	go test -run '^$' -bench CompileSASS -benchtime 5x ./cudalib/internal/virtual/
func BenchmarkCompileSASS(b *testing.B) {
	if _, err := sass.Find(); err != nil {
		b.Skipf("no SASS tools: %v", err)
	}
	for _, lab := range sassLabs {
		src, err := os.ReadFile("../../labs/cuda/" + lab + ".cu")
		if err != nil {
			b.Fatal(err)
		}
		b.Setenv("XDG_CACHE_HOME", b.TempDir()) // the disassemblies' disk cache
		stamp := time.Now().UnixNano()
		req := func(i int) nvrtc.Request {
			return nvrtc.Request{Name: lab + ".cu", Source: fmt.Sprintf("%s\n// %d %d\n", src, stamp, i),
				Options: []string{"-lineinfo"}, Target: nvrtc.Target{Arch: 90}}
		}
		fresh := 0 // b.Run calls the function more than once
		b.Run(lab+"/cold", func(b *testing.B) {
			defer cpuPerOp(b)()
			for range b.N {
				fresh++
				if _, err := compileSASS(req(fresh)); err != nil {
					b.Fatal(err)
				}
			}
		})
		// A new process (no memory cache) with the same source: the CUBIN
		// and the disassembly from disk.
		b.Run(lab+"/disk", func(b *testing.B) {
			defer cpuPerOp(b)()
			for range b.N {
				sassCache.Lock()
				clear(sassCache.progs)
				sassCache.order = nil
				sassCache.Unlock()
				if _, err := compileSASS(req(0)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// cpuPerOp reports the CPU time an iteration took, this process's and
// nvdisasm's: on a shared machine the wall time says more of the others.
func cpuPerOp(b *testing.B) func() {
	cpu := func() time.Duration {
		var self, kids syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &self)
		syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
		t := 0 * time.Second
		for _, r := range []syscall.Rusage{self, kids} {
			t += time.Duration(r.Utime.Nano() + r.Stime.Nano())
		}
		return t
	}
	start := cpu()
	return func() { b.ReportMetric(float64((cpu()-start).Milliseconds())/float64(b.N), "cpu-ms/op") }
}
