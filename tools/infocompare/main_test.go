package main

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
)

func TestWriteTable(t *testing.T) {
	real := cudalib.Info{Name: "NVIDIA H100 80GB HBM3", UUID: "GPU-1", SMCount: 132, L2Bytes: 50 << 20, TotalMem: 80 << 30}
	virtual := real
	virtual.UUID, virtual.TotalMem, virtual.L2Bytes = "", 4<<30, 40<<20
	var b strings.Builder
	writeTable(&b, real, virtual)
	s := b.String()
	for _, want := range []string{
		"| SMCount | 132 | 132 | yes |",
		"| L2Bytes | 52428800 | 41943040 | **no** |",
		"| UUID | GPU-1 |  | by design: a virtual GPU has none |",
		"| TotalMem | 85899345920 | 4294967296 | by design:",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}
	compared := reflect.TypeOf(cudalib.Info{}).NumField() - len(byDesign)
	if want := fmt.Sprintf("%d of %d properties agree", compared-1, compared); !strings.Contains(s, want) {
		t.Errorf("summary is not %q (one field differs):\n%s", want, s)
	}
}
