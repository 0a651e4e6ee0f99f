// Package vgputest holds PTX that tests of the virtual GPU's packages
// share.
package vgputest

import (
	"fmt"
	"strings"
)

// ChainKernel is PTX as NVRTC makes of many inlined calls: a fresh register
// for every value, each call with its own constant and a small loop.
// Thread t stores x after x = ((x + t) + 2) ^ k for every call k.
func ChainKernel(calls int) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry chain(.param .u64 out)\n{\n"+
		"\t.reg .pred %%p<%d>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<4>;\n\tmov.u32 %%r0, %%tid.x;\n\tmov.u32 %%r1, 0;\n", calls, 3*calls+2)
	for k := 0; k < calls; k++ {
		x, y, c := 3*k+1, 3*k+2, 3*k+3
		fmt.Fprintf(&b, "\tadd.u32 %%r%d, %%r%d, %%r0;\n\tmov.u32 %%r%d, 0;\n$L%d:\n\tadd.u32 %%r%d, %%r%d, 1;\n\tadd.u32 %%r%d, %%r%d, 1;\n"+
			"\tsetp.lt.u32 %%p%d, %%r%d, 2;\n\t@%%p%d bra $L%d;\n\txor.b32 %%r%d, %%r%d, %d;\n", y, x, c, k, c, c, y, y, k, c, k, k, c+1, y, k)
	}
	fmt.Fprintf(&b, "\tld.param.u64 %%rd1, [out];\n\tmul.wide.u32 %%rd2, %%r0, 4;\n\tadd.s64 %%rd3, %%rd1, %%rd2;\n"+
		"\tst.global.u32 [%%rd3], %%r%d;\n\tret;\n}\n", 3*calls+1)
	return b.String()
}
