package plots

import (
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/labs"
)

func TestSkippedRowsAreNotFailures(t *testing.T) {
	tb := labs.Table{Lab: "x", Title: "X", Rows: []labs.Row{{Size: 1, SizeLabel: "1", Variant: "v", Skipped: true, Check: "not run: no GPU"}}}
	if h := HTML(tb); strings.Contains(h, "#fde2e1") || strings.Contains(h, "✗") {
		t.Errorf("skipped row shown as failed:\n%s", h)
	}
	if md := Markdown(tb); strings.Contains(md, "**not run") || !strings.Contains(md, "not run: no GPU") {
		t.Errorf("skipped row in Markdown:\n%s", md)
	}
}
