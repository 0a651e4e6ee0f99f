package ptx

import (
	"errors"
	"strings"
	"testing"
)

const head = ".version 7.8\n.target sm_90\n.address_size 64\n"

// badPTX are malformed inputs with the error each must give: position and
// what was expected.
var badPTX = []struct{ src, want string }{
	{head + ".entry k(\n.param .u64 a\n{\nret;\n}", `test.ptx:6:1: expected ")", found "{"`},
	{head + ".entry k()\n{\n\tret;\n", "test.ptx:5:1: body of k not closed (missing })"},
	{head + ".entry k() { ret; # }", `test.ptx:4:19: unexpected character '#'`},
	{head + ".entry k() {\n\tmov.u32 %r1 %r2;\n}", `test.ptx:5:14: expected , or ; in mov.u32, found "%r2"`},
	{head + ".entry k() {\n\tld.global.u32 %r1, [%r2+];\n}", `test.ptx:5:26: expected an address offset, found "]"`},
	{head + ".global .u32 x = 0fZZ;", `test.ptx:4:18: malformed number "0fZZ"`},
	{head + ".global .f32 x = 0f3F80;", `test.ptx:4:18: malformed number "0f3F80"`},
	{head + ".foo 1;", "test.ptx:4:1: unknown module directive .foo"},
	{head + ".entry k() {\nL:\nL:\n\tret;\n}", "test.ptx:6:1: label L defined twice in k"},
	{head + "/* never closed\n.entry k() {}", "test.ptx:4:1: comment not terminated (missing */)"},
	{head + ".pragma \"nounroll;\n", "test.ptx:4:9: string not terminated"},
	{head + ".entry k() {\n\t.reg .b32 %r<0>;\n}", "test.ptx:5:15: register count must be at least 1"},
	{head + ".entry k() {\n\t.loc 1 2\n\tret;\n}", `test.ptx:6:2: expected a .loc column, found "ret"`},
	{head + ".entry k() {\n\t@ bra L;\n}", `test.ptx:5:4: expected a guard predicate register after @, found "bra"`},
	{head + ".entry k() {\n\t.maxntid 1;\n}", "test.ptx:5:2: unexpected directive .maxntid in the body of k"},
	{head + "ret;", `test.ptx:4:1: expected a directive (.version, .target, .entry, .func, .global, ...), found "ret"`},
	{head + ".entry k() {\n\t%r1 = 1;\n}", `test.ptx:5:2: expected an instruction opcode, found "%r1"`},
	{head + ".global .b8 x[4] = {1, 2", "test.ptx:4:25: expected \"}\", found end of file"},
	{head + ".global x;", "test.ptx:4:9: expected a type (.b32, .u64, .f32, ...), found \"x\""},
	{head + ".global .u32 .f32 x;", "test.ptx:4:14: unexpected .f32: the declaration already has type .u32"},
	{head + ".entry k(.param .u64 .global a) {}", "test.ptx:4:22: unexpected state space .global in the declaration"},
	{head + ".entry k() {\n\tbra.uni [%r1, 2];\n}", `test.ptx:5:14: expected "]", found ","`},
	{head + ".entry k() {\n\tmov.u32 %r1, %r2|;\n}", `test.ptx:5:19: expected a second destination register after |, found ";"`},
	{head + ".section .debug_str {\n$L: .b8 1\n", "test.ptx:4:1: .section not closed (missing })"},
	{head + ".entry k() {\n.loc 1 2 3, foo 1\n}", `test.ptx:5:13: unknown .loc attribute "foo" (expected function_name or inlined_at)`},
	{head + ".entry k() { mov.u32 %r1, 99999999999999999999; }", `test.ptx:4:27: malformed number "99999999999999999999"`},
	{head + "% .entry", "test.ptx:4:1: expected a register name after %"},
	{head + ".entry k() {\x00}", `test.ptx:4:13: unexpected character '\x00'`},
	{head + ".entry k() { ret; é }", `test.ptx:4:19: unexpected character 'é'`},
	{head + ".entry k() {" + strings.Repeat("{", 100), "test.ptx:4:76: blocks nested too deeply"},
}

func TestErrors(t *testing.T) {
	for _, c := range badPTX {
		m, err := Parse("test.ptx", []byte(c.src))
		if err == nil {
			t.Errorf("%q: parsed (%d functions), want error %s", c.src, len(m.Funcs), c.want)
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) || pe.File != "test.ptx" {
			t.Errorf("%q: error %T %v is not a *Error of test.ptx", c.src, err, err)
		}
		if err.Error() != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, err, c.want)
		}
	}
}

func TestEmpty(t *testing.T) {
	for _, src := range []string{"", "// only a comment\n", " \n\t\n", "\n\x00"} {
		m, err := Parse("e.ptx", []byte(src))
		if err != nil || len(m.Funcs) != 0 || len(m.Vars) != 0 {
			t.Errorf("%q: %v %+v", src, err, m)
		}
	}
}
