package plots

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/sass"
)

// TestSASSView: each source line, then the SASS it became with its
// warp-instructions, in text within 100 columns and in HTML; the profile
// table counts the line's SASS beside its PTX.
func TestSASSView(t *testing.T) {
	if _, err := sass.Find(); err != nil {
		t.Skipf("profiles count PTX here: %v", err)
	}
	p := profileOf(t, 32)
	if p.SASS == nil && strings.Contains(p.Counting, "is off") {
		t.Skipf("profiles count PTX here: %s", p.Counting)
	}
	if p.SASS == nil {
		t.Fatalf("no SASS: %s", p.Counting)
	}
	v := ProfileSASS(p).WithPTX()
	text := v.Text()
	for _, l := range strings.Split(text, "\n") {
		if n := utf8.RuneCountInString(l); n > textWidth {
			t.Errorf("text line of %d columns: %q", n, l)
		}
	}
	// Line 9 (out[...] = tile[x][y]): a shared load and a global store,
	// once for each of the 32 warps.
	i := strings.Index(text, "out[y * 32 + x] = tile[x][y];")
	if i < 0 {
		t.Fatalf("no line 9 in\n%s", text)
	}
	block := text[i:]
	if j := strings.Index(block[1:], "}"); j > 0 {
		block = block[:j]
	}
	for _, want := range []string{"LDS ", "STG.E ", "ld.shared.f32", "st.global.f32"} {
		if !strings.Contains(block, want) {
			t.Errorf("line 9's rows lack %q:\n%s", want, block)
		}
	}
	if !strings.Contains(text, "SASS warp-instructions (the PTX run:") {
		t.Errorf("no totals in\n%s", text)
	}
	if h := v.HTML(); !strings.Contains(h, "culab-sass") || !strings.Contains(h, "LDS") {
		t.Errorf("HTML lacks the table or the SASS")
	}
	tab := ProfileView(p)
	if h, md := tab.HTML(), tab.Markdown(); !strings.Contains(h, "SASS instrs") || !strings.Contains(md, "PTX instrs") {
		t.Errorf("profile table without SASS and PTX columns")
	}
	for _, l := range tab.lines() {
		if l.n == 9 && l.sass != 32*int64(countSASS(p, 9)) {
			t.Errorf("line 9: %d SASS warp-instructions, want 32 × its %d instructions", l.sass, countSASS(p, 9))
		}
	}
}

func countSASS(p *cudalib.Profile, line int) int {
	for _, l := range p.SASS.Lines {
		if l.Line == line && p.SourceFile(l.File) {
			return len(l.SASS)
		}
	}
	return 0
}

// TestSASSViewWithoutSASS says why and lists the PTX counts per line.
func TestSASSViewWithoutSASS(t *testing.T) {
	t.Setenv("CULAB_SASS", "off")
	p := profileOf(t, 32)
	text := ProfileSASS(p).Text()
	if !strings.Contains(text, "no SASS: PTX instructions (CULAB_SASS is off)") || !strings.Contains(text, "tile[y][x] = in[y * 32 + x];") {
		t.Errorf("view without SASS:\n%s", text)
	}
	if strings.Contains(ProfileView(p).HTML(), "SASS instrs") {
		t.Errorf("a SASS column without SASS")
	}
}
