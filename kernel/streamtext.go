package kernel

import (
	"fmt"
	"unicode/utf8"
)

// Helpers for the text of stream messages, shared by whoever gathers a
// cell's output (the engine in process, or the kernel reading a child
// engine's pipes): a message must not end inside a UTF-8 sequence, and a
// cut-off stream says so in the same words wherever it was cut.

// CompleteUTF8 is the length of b without a trailing unfinished UTF-8
// sequence (which the next write completes).
func CompleteUTF8(b []byte) int {
	for k := 1; k <= utf8.UTFMax && k <= len(b); k++ {
		if utf8.RuneStart(b[len(b)-k]) {
			if !utf8.FullRune(b[len(b)-k:]) {
				return len(b) - k
			}
			break
		}
	}
	return len(b)
}

// TruncationNotice is the stderr line that ends a cell's output cut at
// limit bytes, with dropped bytes left out.
func TruncationNotice(limit int, dropped int64) string {
	return truncation("output", limit, dropped)
}

// CutText cuts the text of a value that a cell shows (its result, a
// display) to limit bytes, as its output is cut, and ends it with a notice
// of what was left out; text within the limit, or a limit ≤ 0, leaves it
// whole.
func CutText(text string, limit int) string {
	if limit <= 0 || len(text) <= limit {
		return text
	}
	tail := max(limit-utf8.UTFMax, 0)
	n := tail + CompleteUTF8([]byte(text[tail:limit]))
	return text[:n] + truncation("value", limit, int64(len(text)-n))
}

func truncation(what string, limit int, dropped int64) string {
	return fmt.Sprintf("\n[%s truncated after %s; %d bytes dropped]\n", what, byteSize(limit), dropped)
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
