package kernel

import (
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
