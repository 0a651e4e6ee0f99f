package main

import (
	"embed"
	"fmt"
	"regexp"
	"strings"
)

//go:embed kernels/*.cu kernels/prelude.cuh
var kernelFS embed.FS

// source is one compilation: a .cu file of kernels/ with NVRTC options.
type source struct {
	file string
	opts []string
	// notOnGPU, when set, says why the GPU cannot run what the virtual GPU
	// runs for this source; its kernels are then run, not compared.
	notOnGPU string
}

// ftzOnGPU is why the -ftz=true compilations are not compared: NVRTC 13.0
// makes the same CUBIN with and without -ftz=true (measured on the H100
// machine by cudalib/vgpu/alu/testdata/ftzcheck), while its PTX, which the
// virtual GPU runs, has the .ftz instructions. The .ftz instructions
// themselves are compared through inline PTX in float.cu and cvt.cu.
const ftzOnGPU = "NVRTC 13.0 ignores -ftz=true when it makes CUBIN (the CUBIN is identical without it), so the GPU does not run the .ftz PTX the virtual GPU runs"

// label names the compilation in the report: "float.cu" or
// "float.cu -ftz=true".
func (s source) label() string { return strings.TrimSpace(s.file + " " + strings.Join(s.opts, " ")) }

// sources are compiled and run in this order. The float and conversion
// kernels run twice: as written and with -ftz=true, which turns the f32
// intrinsics into their .ftz instructions.
var sources = []source{
	{file: "int.cu"},
	{file: "bits.cu"},
	{file: "float.cu"},
	{file: "float.cu", opts: []string{"-ftz=true"}, notOnGPU: ftzOnGPU},
	{file: "cvt.cu"},
	{file: "cvt.cu", opts: []string{"-ftz=true"}, notOnGPU: ftzOnGPU},
	{file: "approx.cu"},
	{file: "mem.cu"},
	{file: "warp.cu"},
	{file: "extra.cu"},
}

// testKernel is one kernel of a source: its name and the input class of
// each of its three operands.
type testKernel struct {
	src     source
	name    string
	classes [3]string
	// span is where its declaration is in the file: compiled alone, k
	// keeps the rest of the file (macros, globals) but no other kernel.
	span [2]int
}

func (k testKernel) String() string { return k.src.label() + ": " + k.name }

// alone returns the CUDA source of k by itself, for when its whole source
// does not compile or load on a device: the file with every other kernel
// declaration blanked out (line numbers kept).
func (k testKernel) alone() (string, error) {
	body, err := kernelFS.ReadFile("kernels/" + k.src.file)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	text := string(body)
	at := 0
	for _, sp := range declSpans(text) {
		b.WriteString(text[at:sp[0]])
		if sp == k.span {
			b.WriteString(text[sp[0]:sp[1]])
		} else {
			b.WriteString(strings.Repeat("\n", strings.Count(text[sp[0]:sp[1]], "\n")))
		}
		at = sp[1]
	}
	b.WriteString(text[at:])
	return k.src.withPrelude(b.String())
}

// program returns the CUDA source to compile: the prelude, then the file.
func (s source) program() (string, error) {
	body, err := kernelFS.ReadFile("kernels/" + s.file)
	if err != nil {
		return "", err
	}
	return s.withPrelude(string(body))
}

func (s source) withPrelude(body string) (string, error) {
	pre, err := kernelFS.ReadFile("kernels/prelude.cuh")
	if err != nil {
		return "", err
	}
	return string(pre) + "\n#line 1 \"" + s.file + "\"\n" + body, nil
}

// declRE matches a kernel declaration: K(name, A, B, C, ...), KW(...), or
// a helper macro of the same shape (FOUR, ATOM32, SHFL_RAW, ...) at the
// start of a line.
var declRE = regexp.MustCompile(`(?m)^([A-Z][A-Z0-9_]*)\((\w+)(?:,\s*(\w+),\s*(\w+)(?:,\s*(\w+))?)?[,)]`)

// kernels lists the kernels a source declares, reading its macro calls.
// The macros that declare several kernels (FOUR) or that take fewer
// classes (ATOM32: a, b; c is always I64) are expanded here as the
// prelude and the file define them.
func (s source) kernels() ([]testKernel, error) {
	body, err := kernelFS.ReadFile("kernels/" + s.file)
	if err != nil {
		return nil, err
	}
	var out []testKernel
	text := string(body)
	decls := declRE.FindAllStringSubmatchIndex(text, -1)
	spans := declSpans(text)
	for j, ix := range decls {
		sub := func(g int) string {
			if ix[2*g] < 0 {
				return ""
			}
			return text[ix[2*g]:ix[2*g+1]]
		}
		add := func(name, a, b, c string) {
			out = append(out, testKernel{src: s, name: name, classes: [3]string{a, b, c}, span: spans[j]})
		}
		mac, name, a, b, c := sub(1), sub(2), sub(3), sub(4), sub(5)
		switch mac {
		case "K", "KW":
			add(name, a, b, c)
		case "FOUR":
			for _, rnd := range []string{"rn", "rz", "rd", "ru"} {
				add(name+"_"+rnd, a, b, c)
			}
		case "ATOM32", "ATOM64", "SATOM":
			add(name, a, b, "I64")
		case "SHFL_RAW":
			add(name, "I64", "SMALL", "SMALL")
		default:
			continue // a macro definition's use inside another, or not a kernel
		}
	}
	for _, k := range out {
		for _, c := range k.classes {
			if _, ok := classes[c]; !ok {
				return nil, fmt.Errorf("%s: kernel %s: unknown input class %q", s.file, k.name, c)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s declares no kernels", s.file)
	}
	return out, nil
}

// declSpans returns where each declaration matched by declRE is in text:
// from its macro name to its closing parenthesis. Parentheses inside
// string literals and comments are skipped.
func declSpans(text string) [][2]int {
	var spans [][2]int
	for _, ix := range declRE.FindAllStringSubmatchIndex(text, -1) {
		open := ix[3] // just past the macro name: its '('
		spans = append(spans, [2]int{ix[0], closeParen(text, open)})
	}
	return spans
}

// closeParen returns the index just past the parenthesis that closes the
// one at open, or len(text) if none does.
func closeParen(text string, open int) int {
	depth := 0
	for i := open; i < len(text); i++ {
		switch c := text[i]; {
		case c == '"' || c == '\'':
			for i++; i < len(text) && text[i] != c; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(text)
}

// allKernels lists every kernel of every source, in order.
func allKernels() ([]testKernel, error) {
	var all []testKernel
	for _, s := range sources {
		ks, err := s.kernels()
		if err != nil {
			return nil, err
		}
		all = append(all, ks...)
	}
	return all, nil
}
