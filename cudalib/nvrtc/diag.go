package nvrtc

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Diagnostic is one message of the compiler's log.
type Diagnostic struct {
	File     string // as NVRTC names it: the Request's Name for the main source; "" for NVRTC's own messages
	Line     int    // 1-based; 0 if unknown
	Column   int    // 1-based, in characters (a tab is one); 0 if unknown
	Severity string // "error", "catastrophic error", "warning", "remark", "note", ...
	Message  string // without the warning number; context lines ("detected during: ...") follow on new lines
}

// IsError reports whether d fails the compilation.
func (d Diagnostic) IsError() bool { return strings.HasSuffix(d.Severity, "error") }

func (d Diagnostic) String() string {
	var b strings.Builder
	if d.File != "" {
		b.WriteString(d.File)
		if d.Line > 0 {
			fmt.Fprintf(&b, ":%d", d.Line)
			if d.Column > 0 {
				fmt.Fprintf(&b, ":%d", d.Column)
			}
		}
		b.WriteString(": ")
	}
	b.WriteString(d.Severity)
	b.WriteString(": ")
	b.WriteString(strings.ReplaceAll(d.Message, "\n", "\n    "))
	return b.String()
}

// CompileError is source that NVRTC rejected.
type CompileError struct {
	Name        string       // the Request's Name
	Diagnostics []Diagnostic // parsed from Log, warnings included
	Log         string       // the log as NVRTC wrote it
}

// Error lists the errors, one "file:line:col: error: message" a line.
func (e *CompileError) Error() string {
	var lines []string
	for _, d := range e.Diagnostics {
		if d.IsError() {
			lines = append(lines, d.String())
		}
	}
	if len(lines) == 0 {
		// A log this package cannot read is still better shown than hidden.
		return fmt.Sprintf("compile %s: %s", e.Name, strings.TrimSpace(e.Log))
	}
	plural := "s"
	if len(lines) == 1 {
		plural = ""
	}
	return fmt.Sprintf("compile %s: %d error%s\n%s", e.Name, len(lines), plural, strings.Join(lines, "\n"))
}

var (
	// EDG's "file(line): severity[ #number[-D]]: message".
	headerRE = regexp.MustCompile(`^(.*?)\((\d+)\): ` + severity + `: (.*)$`)
	// Diagnostics without a line: NVRTC's own (about an option, say) and
	// EDG's at the end of the source (a missing "}").
	nvrtcRE = regexp.MustCompile(`^nvrtc: (error|warning): (.*)$`)
	eofRE   = regexp.MustCompile(`^At end of source: ` + severity + `: (.*)$`)
	caretRE = regexp.MustCompile(`^[ \t]*\^[ \t]*$`)
	hereRE  = regexp.MustCompile(`^\(\d+\): here$`)
)

const severity = `(catastrophic error|internal error|error|warning|remark|note)(?: #\d+(?:-D)?)?`

// echoIndent is what EDG puts before the source line it echoes (CUDA 12
// and later) and before the caret line under it.
const echoIndent = "  "

// ParseLog reads the diagnostics of an NVRTC program log. Each starts with
// "file(line): severity: message" (or, with no line, "At end of source:
// ..." or "nvrtc: error: ..."). CUDA 12 and later echo the source line and
// put a caret under the column; older NVRTC gives no column. Further lines
// up to the next blank one are context ("detected during ...") appended to
// the message; summaries ("1 error detected ...") are skipped.
func ParseLog(log string) []Diagnostic {
	lines := strings.Split(strings.ReplaceAll(log, "\r\n", "\n"), "\n")
	var out []Diagnostic
	cur := -1 // index in out of the diagnostic whose block we are in
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := headerRE.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2]) // all digits; past int range it stays 0, unknown
			out = append(out, Diagnostic{File: strings.Trim(m[1], `"`), Line: n, Severity: m[3], Message: m[4]})
			cur = len(out) - 1
			continue
		}
		if m := nvrtcRE.FindStringSubmatch(line); m != nil {
			out = append(out, Diagnostic{Severity: m[1], Message: m[2]})
			cur = len(out) - 1
			continue
		}
		if m := eofRE.FindStringSubmatch(line); m != nil {
			out = append(out, Diagnostic{Severity: m[1], Message: "at end of source: " + m[2]})
			cur = len(out) - 1
			continue
		}
		// Checked before blank lines: an echoed empty source line is blank.
		if cur >= 0 && i+1 < len(lines) && caretRE.MatchString(lines[i+1]) {
			if out[cur].Column == 0 {
				out[cur].Column = caretColumn(line, lines[i+1])
			}
			i++
			continue
		}
		if strings.TrimSpace(line) == "" {
			cur = -1
			continue
		}
		if cur < 0 {
			continue
		}
		line = strings.TrimSpace(line)
		if hereRE.MatchString(line) {
			// Brief logs (before CUDA 12) break "instantiation of ... (5): here".
			out[cur].Message += " " + line
		} else {
			out[cur].Message += "\n" + line
		}
	}
	return out
}

// caretColumn is the 1-based column that caret marks in echo. EDG pads the
// caret line byte for byte, copying tabs, so the caret's byte offset is the
// offset in the echoed line; columns count characters.
func caretColumn(echo, caret string) int {
	echo = strings.TrimPrefix(echo, echoIndent)
	caret = strings.TrimPrefix(caret, echoIndent)
	off := strings.IndexByte(caret, '^')
	if off <= len(echo) {
		return utf8.RuneCountInString(echo[:off]) + 1
	}
	// Past the end of the line, e.g. a missing token at its end.
	return utf8.RuneCountInString(echo) + off - len(echo) + 1
}

var (
	quotedIdentRE = regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"`)
	identRE       = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
)

// typeWords are quoted in messages about types ("entity of type "float"")
// where pointing at the word would mislead.
var typeWords = map[string]bool{
	"void": true, "bool": true, "char": true, "short": true, "int": true, "long": true,
	"float": true, "double": true, "signed": true, "unsigned": true, "auto": true,
	"const": true, "volatile": true, "half": true, "size_t": true,
}

// guessColumns fills the columns that an NVRTC without source echo (before
// CUDA 12) leaves out, for diagnostics in the main source that quote an
// identifier ("identifier "x" is undefined"): the column is where the first
// such identifier that stands exactly once on the line stands. Others keep 0.
func guessColumns(diags []Diagnostic, name, source string) {
	var src []string
	for i := range diags {
		d := &diags[i]
		if d.Column != 0 || d.Line <= 0 || d.File != name {
			continue
		}
		if src == nil {
			src = strings.Split(source, "\n")
		}
		if d.Line > len(src) {
			continue
		}
		line := src[d.Line-1]
		msg, _, _ := strings.Cut(d.Message, "\n") // not the context lines
		for _, m := range quotedIdentRE.FindAllStringSubmatch(msg, -1) {
			if typeWords[m[1]] {
				continue
			}
			if at := findIdent(line, m[1]); at >= 0 {
				d.Column = utf8.RuneCountInString(line[:at]) + 1
				break
			}
		}
	}
}

// findIdent is the byte offset of the one occurrence of identifier id in
// line, or -1. Member accesses (".x", "->x") count only when nothing else
// matches, so the "x" of "threadIdx.x" does not hide a plain "x".
func findIdent(line, id string) int {
	var plain, member []int
	for _, loc := range identRE.FindAllStringIndex(line, -1) {
		if line[loc[0]:loc[1]] != id {
			continue
		}
		before := strings.TrimRight(line[:loc[0]], " \t")
		if strings.HasSuffix(before, ".") || strings.HasSuffix(before, "->") {
			member = append(member, loc[0])
		} else {
			plain = append(plain, loc[0])
		}
	}
	switch {
	case len(plain) == 1:
		return plain[0]
	case len(plain) == 0 && len(member) == 1:
		return member[0]
	}
	return -1
}
