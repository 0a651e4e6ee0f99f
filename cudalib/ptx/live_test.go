package ptx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
)

// TestParseLiveNVRTC compiles the extra CUDA sources with whatever NVRTC
// this machine has and parses the result, so that a new NVRTC's PTX is
// tested where it is installed (the committed samples stand for 11.8 and
// 13).
func TestParseLiveNVRTC(t *testing.T) {
	lib, err := nvrtc.Load()
	if err != nil {
		t.Skip("NVRTC not found (scripts/setup-nvrtc.sh installs it): " + err.Error())
	}
	files, err := filepath.Glob("testdata/extra/*.cu")
	if err != nil || len(files) == 0 {
		t.Fatalf("no CUDA sources in testdata/extra: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := lib.Compile(nvrtc.Request{Name: filepath.Base(path), Source: string(src),
				Options: []string{"-lineinfo"}, Target: nvrtc.Target{Arch: 90}})
			if err != nil {
				t.Fatal(err)
			}
			m, err := Parse(filepath.Base(path), []byte(strings.TrimRight(string(res.Image), "\x00")))
			if err != nil {
				major, minor := lib.Version()
				t.Fatalf("NVRTC %d.%d: %v", major, minor, err)
			}
			checkResolves(t, m)
		})
	}
}
