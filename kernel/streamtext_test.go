package kernel

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCompleteUTF8(t *testing.T) {
	s := []byte("añ✓")
	for cut := 0; cut <= len(s); cut++ {
		n := CompleteUTF8(s[:cut])
		if !utf8.Valid(s[:n]) || cut-n >= utf8.UTFMax {
			t.Errorf("CompleteUTF8(%q) = %d", s[:cut], n)
		}
	}
	if n := CompleteUTF8(s); n != len(s) {
		t.Errorf("complete text cut to %d", n)
	}
}

func TestTruncationNotice(t *testing.T) {
	if got, want := TruncationNotice(1<<20, 3), "\n[output truncated after 1 MiB; 3 bytes dropped]\n"; got != want {
		t.Errorf("TruncationNotice = %q, want %q", got, want)
	}
}

func TestCutText(t *testing.T) {
	if got := CutText("short", 10); got != "short" {
		t.Errorf("within the limit: %q", got)
	}
	if got := CutText("long text", 0); got != "long text" {
		t.Errorf("no limit: %q", got)
	}
	s := "ab✓✓✓" // ✓ is 3 bytes
	for limit := 1; limit < len(s); limit++ {
		got := CutText(s, limit)
		text, notice, _ := strings.Cut(got, "\n[value truncated after ")
		if !utf8.ValidString(text) || len(text) > limit || limit-len(text) >= utf8.UTFMax || !strings.HasPrefix(s, text) {
			t.Errorf("limit %d: text %q", limit, text)
		}
		if want := fmt.Sprintf("%d bytes dropped]\n", len(s)-len(text)); !strings.HasSuffix(notice, want) {
			t.Errorf("limit %d: notice %q, want it to end %q", limit, notice, want)
		}
	}
}
