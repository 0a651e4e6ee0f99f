package nvrtc

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The logs in testdata/logs were written by Debian's NVRTC 11.8 (brief
// diagnostics: no source echo) and 12.4 (source line and caret) compiling
// the .cu file of the same name with -arch=compute_75 and the name
// expression "k<32>".

// diag is a Diagnostic with only the first line of its message.
type diag struct {
	File          string
	Line, Column  int
	Severity, Msg string
}

func firstLines(ds []Diagnostic) []diag {
	var out []diag
	for _, d := range ds {
		msg, _, _ := strings.Cut(d.Message, "\n")
		out = append(out, diag{d.File, d.Line, d.Column, d.Severity, msg})
	}
	return out
}

func readLog(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "logs", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseLogRecorded(t *testing.T) {
	const inst = `detected during instantiation of "void k<N>(float *) [with N=32]"`
	tests := []struct {
		log  string
		want []diag
		ctx  []string // context lines of each diagnostic, joined; nil: not checked
	}{
		{"undefined.nvrtc12.4.log", []diag{
			{"undefined.cu", 3, 20, "error", `identifier "x" is undefined`},
			{"undefined.cu", 2, 7, "warning", `variable "unused" was declared but never referenced`},
		}, []string{"", ""}},
		{"undefined.nvrtc11.8.log", []diag{
			{"undefined.cu", 3, 0, "error", `identifier "x" is undefined`},
			{"undefined.cu", 2, 0, "warning", `variable "unused" was declared but never referenced`},
		}, []string{inst, inst}},
		{"tabs.nvrtc12.4.log", []diag{
			{"tabs.cu", 4, 27, "error", `identifier "undefined_thing" is undefined`},
			{"tabs.cu", 2, 6, "warning", `variable "unused" was declared but never referenced`},
		}, nil},
		{"include.nvrtc12.4.log", []diag{
			{"include.cu", 1, 21, "catastrophic error", `cannot open source file "nothere.h"`},
		}, nil},
		{"include.nvrtc11.8.log", []diag{
			{"include.cu", 1, 0, "catastrophic error", `cannot open source file "nothere.h"`},
		}, nil},
		{"multi.nvrtc12.4.log", []diag{
			{"multi.cu", 2, 3, "error", `identifier "foo" is undefined`},
			{"multi.cu", 3, 13, "error", `a value of type "const char *" cannot be used to initialize an entity of type "float"`},
			{"multi.cu", 5, 1, "error", `expected a ";"`},
		}, nil},
		{"utf8.nvrtc12.4.log", []diag{
			// The caret line pads byte for byte; "é" and "ö" are one column each.
			{"utf8.cu", 3, 45, "error", `identifier "zz" is undefined`},
			{"utf8.cu", 4, 7, "error", `argument of type "float *" is incompatible with parameter of type "int"`},
			{"utf8.cu", 4, 8, "error", `too few arguments in function call`},
		}, nil},
		{"template.nvrtc12.4.log", []diag{
			{"template.cu", 4, 10, "error", `identifier "undefined_in_macro" is undefined`},
			{"template.cu", 2, 55, "error", `expression must have class type but it has type "float"`},
		}, []string{"", `detected during:
instantiation of "T twice(T) [with T=float]" at line 5
instantiation of "void k<N>(float *) [with N=32]"`}},
		{"template.nvrtc11.8.log", []diag{
			{"template.cu", 4, 0, "error", `identifier "undefined_in_macro" is undefined`},
			{"template.cu", 2, 0, "error", `expression must have class type but it has type "float"`},
		}, []string{inst, `detected during:
instantiation of "T twice(T) [with T=float]" (5): here
instantiation of "void k<N>(float *) [with N=32]"`}},
		{"eof.nvrtc12.4.log", []diag{
			{"", 0, 0, "error", `at end of source: expected a "}"`},
			{"eof.cu", 1, 29, "note", `to match this "{"`},
		}, []string{"", ""}},
		{"eof.nvrtc11.8.log", []diag{
			{"", 0, 0, "error", `at end of source: expected a "}"`},
			{"eof.cu", 1, 0, "note", `to match this "{"`},
		}, []string{"", ""}},
		{"badoption.nvrtc11.8.log", []diag{
			{"", 0, 0, "error", "unrecognized option --no-such-option found"},
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.log, func(t *testing.T) {
			got := ParseLog(readLog(t, tt.log))
			if !reflect.DeepEqual(firstLines(got), tt.want) {
				t.Errorf("ParseLog:\n got %+v\nwant %+v", firstLines(got), tt.want)
			}
			if tt.ctx == nil || len(got) != len(tt.ctx) {
				return
			}
			for i, d := range got {
				_, ctx, _ := strings.Cut(d.Message, "\n")
				if ctx != tt.ctx[i] {
					t.Errorf("diagnostic %d context:\n got %q\nwant %q", i, ctx, tt.ctx[i])
				}
			}
		})
	}
}

func TestParseLogSynthetic(t *testing.T) {
	tests := []struct {
		name, log string
		want      []diag
	}{
		{"empty", "", nil},
		{"summary only", "1 error detected in the compilation of \"k.cu\".\nCompilation terminated.\n", nil},
		{"CRLF", "k.cu(2): error: identifier \"y\" is undefined\r\n    y = 1;\r\n    ^\r\n\r\n", []diag{
			{"k.cu", 2, 3, "error", `identifier "y" is undefined`},
		}},
		{"file name with parentheses", "dir (copy)/k(1).cu(7): warning #550-D: variable \"v\" was set but never used\n", []diag{
			{"dir (copy)/k(1).cu", 7, 0, "warning", `variable "v" was set but never used`},
		}},
		{"quoted header path", "\"/inc/a.h\"(3): remark: something to note\n", []diag{
			{"/inc/a.h", 3, 0, "remark", "something to note"},
		}},
		{"caret past the end of the line", "k.cu(1): error: expected a \";\"\n  int a = 1\n             ^\n", []diag{
			{"k.cu", 1, 12, "error", `expected a ";"`},
		}},
		{"caret on an empty line", "k.cu(4): error: expected a \"}\"\n  \n  ^\n", []diag{
			{"k.cu", 4, 1, "error", `expected a "}"`},
		}},
		{"no blank line between diagnostics", "k.cu(1): error: one\nk.cu(2): warning: two\n", []diag{
			{"k.cu", 1, 0, "error", "one"},
			{"k.cu", 2, 0, "warning", "two"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstLines(ParseLog(tt.log)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// NVRTC 11 gives no columns; guessColumns recovers those of diagnostics
// naming an identifier, and they agree with what NVRTC 12.4's caret says.
func TestGuessColumnsMatchesCaret(t *testing.T) {
	for _, name := range []string{"undefined", "tabs", "utf8", "template", "multi", "include", "eof"} {
		t.Run(name, func(t *testing.T) {
			src := readLog(t, name+".cu")
			old := ParseLog(readLog(t, name+".nvrtc11.8.log"))
			guessColumns(old, name+".cu", src)
			caret := ParseLog(readLog(t, name+".nvrtc12.4.log"))
			type pos struct {
				msg  string
				line int
			}
			at := map[pos]int{}
			for _, d := range caret {
				at[pos{strings.Split(d.Message, "\n")[0], d.Line}] = d.Column
			}
			for _, d := range old {
				if d.Column == 0 {
					continue
				}
				want, ok := at[pos{strings.Split(d.Message, "\n")[0], d.Line}]
				if !ok {
					t.Errorf("guessed %d:%d for %q, which NVRTC 12.4 does not report", d.Line, d.Column, d.Message)
				} else if d.Column != want {
					t.Errorf("guessed column %d for %q on line %d, caret says %d", d.Column, d.Message, d.Line, want)
				}
			}
		})
	}
}

func TestGuessColumns(t *testing.T) {
	src := "__global__ void k(float* a) {\n" + // 1
		"  a[threadIdx.x] = x * 2;\n" + // 2: the plain x, not threadIdx.x
		"  float f = x + x;\n" + // 3: ambiguous
		"  q.member = 1;\n" + // 4: only a member access
		"  float v = \"s\";\n" + // 5: type words are not pointed at
		"}\n"
	diags := []Diagnostic{
		{File: "k.cu", Line: 2, Severity: "error", Message: `identifier "x" is undefined`},
		{File: "k.cu", Line: 3, Severity: "error", Message: `identifier "x" is undefined`},
		{File: "k.cu", Line: 4, Severity: "error", Message: `class "Q" has no member "member"`},
		{File: "k.cu", Line: 5, Severity: "error", Message: `a value of type "const char *" cannot be used to initialize an entity of type "float"`},
		{File: "other.h", Line: 2, Severity: "error", Message: `identifier "x" is undefined`},
		{File: "k.cu", Line: 99, Severity: "error", Message: `identifier "x" is undefined`},
		{File: "k.cu", Line: 2, Column: 5, Severity: "error", Message: `identifier "x" is undefined`},
	}
	guessColumns(diags, "k.cu", src)
	var got []int
	for _, d := range diags {
		got = append(got, d.Column)
	}
	if want := []int{20, 0, 5, 0, 0, 0, 5}; !reflect.DeepEqual(got, want) {
		t.Errorf("columns %v, want %v", got, want)
	}
}

func TestCompileErrorMessage(t *testing.T) {
	e := &CompileError{Name: "template.cu", Log: readLog(t, "template.nvrtc12.4.log")}
	e.Diagnostics = ParseLog(e.Log)
	want := `compile template.cu: 2 errors
template.cu:4:10: error: identifier "undefined_in_macro" is undefined
template.cu:2:55: error: expression must have class type but it has type "float"
    detected during:
    instantiation of "T twice(T) [with T=float]" at line 5
    instantiation of "void k<N>(float *) [with N=32]"`
	if got := e.Error(); got != want {
		t.Errorf("Error():\n%s\nwant:\n%s", got, want)
	}

	e = &CompileError{Name: "undefined.cu", Log: readLog(t, "undefined.nvrtc11.8.log")}
	e.Diagnostics = ParseLog(e.Log)
	if got, want := e.Error(), "compile undefined.cu: 1 error\nundefined.cu:3: error: identifier \"x\" is undefined\n"; !strings.HasPrefix(got, want) {
		t.Errorf("Error() = %q, want it to start with %q (warnings left out)", got, want)
	}

	e = &CompileError{Name: "odd.cu", Log: "something NVRTC never wrote before\n"}
	if got, want := e.Error(), "compile odd.cu: something NVRTC never wrote before"; got != want {
		t.Errorf("Error() of an unparsed log = %q, want %q", got, want)
	}
}
