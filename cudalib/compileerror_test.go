package cudalib

import (
	"errors"
	"strings"
	"testing"
)

// A compile error names the source once: "compile kernel.cu: 1 error(s)".
func TestCompileErrorNamesTheSourceOnce(t *testing.T) {
	d := openVirtualGPU(t)
	defer d.Close()
	_, err := d.CompileNamed("kernel.cu", "__global__ void k() { undefined_name = 1; }")
	var ce *CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a *CompileError", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "compile kernel.cu: 1 error(s):\n") || strings.Count(msg, "compile kernel.cu") != 1 {
		t.Errorf("message:\n%s", msg)
	}
}
