package cudalib

import (
	"slices"
	"strings"
	"sync"
	"unicode"
)

// scanned memoizes scanKernels by source text: a re-run cell compiles the
// same source again, and scanning it cost more than the rest of a compile
// cache hit. Kept small; cleared whole when full.
var scanned struct {
	mu sync.Mutex
	m  map[string][]kernelDecl
}

const scannedMax = 64

// kernelDecls is scanKernels(src), memoized; the result is shared and must
// not be modified.
func kernelDecls(src string) []kernelDecl {
	scanned.mu.Lock()
	decls, ok := scanned.m[src]
	scanned.mu.Unlock()
	if ok {
		return decls
	}
	decls = scanKernels(src)
	scanned.mu.Lock()
	if scanned.m == nil || len(scanned.m) >= scannedMax {
		scanned.m = map[string][]kernelDecl{}
	}
	scanned.m[src] = decls
	scanned.mu.Unlock()
	return decls
}

// kernelDecl is a __global__ function as written in the source: enough to
// register its name with the compiler and to check launch arguments.
type kernelDecl struct {
	name     string
	template bool
	tparams  string // a template's parameters as written: "typename T, int N"
	params   []paramDecl
	compiled bool // the parameters are the compiler's (the mangled name's), not the scanner's reading
}

type paramDecl struct {
	text    string // as written, for error messages
	pointer bool
	elem    string // C element type of a pointer ("float"), or the scalar type
	// hasDefault: the source gives it a default argument, which a launch
	// from Go cannot apply (the compiled kernel has no defaults).
	hasDefault bool
}

// scanKernels finds the __global__ functions of CUDA C source. It is a
// scanner, not a C++ parser: it reads what kernels in labs look like and
// skips what it cannot read (launch checks then rely on the driver alone).
func scanKernels(src string) []kernelDecl {
	s := stripComments(src)
	var out, declared []kernelDecl // defined, and declared only (a prototype)
	sc := scopes{s: s}
	for off := 0; ; {
		i := strings.Index(s[off:], "__global__")
		if i < 0 {
			return withDeclared(out, declared)
		}
		start := off + i
		off = start + len("__global__")
		if inDirective(s, start) {
			continue // a macro's body (#define KERNEL(f) __global__ void f(...)): its names are the macro's parameters
		}
		name, open := declName(s, off)
		if name == "" {
			continue
		}
		end := matchParen(s, open)
		if end < 0 {
			continue
		}
		tparams, template := templateParams(s[:start])
		if ns := sc.at(start); ns != "" {
			name = ns + "::" + name // NVRTC finds a namespace's kernel by its qualified name only
		}
		d := kernelDecl{
			name:     name,
			template: template,
			tparams:  tparams,
			params:   parseParams(s[open+1 : end]),
		}
		if rest := strings.TrimLeftFunc(s[end+1:], unicode.IsSpace); strings.HasPrefix(rest, ";") {
			declared = append(declared, d)
		} else {
			out = append(out, d)
		}
		off = end
	}
}

// inDirective says whether pos is on a preprocessor directive's line
// (with the lines its backslashes continue it onto).
func inDirective(s string, pos int) bool {
	start := strings.LastIndexByte(s[:pos], '\n') + 1
	for start > 1 && s[start-2] == '\\' { // the line before ends in a backslash: the same logical line
		start = strings.LastIndexByte(s[:start-1], '\n') + 1
	}
	return strings.HasPrefix(strings.TrimLeft(s[start:pos], " \t"), "#")
}

// macroKernels says whether src declares a kernel inside a macro, which
// scanKernels cannot see through.
func macroKernels(src string) bool {
	s := stripComments(src)
	for off := 0; ; {
		i := strings.Index(s[off:], "__global__")
		if i < 0 {
			return false
		}
		if inDirective(s, off+i) {
			return true
		}
		off += i + len("__global__")
	}
}

// withDeclared adds to the kernels defined those only declared
// (`__global__ void k(int*);`) that no definition names: a kernel
// declared before its definition is one kernel, not two.
func withDeclared(defined, declared []kernelDecl) []kernelDecl {
	out := defined
	for _, d := range declared {
		if !slices.ContainsFunc(out, func(o kernelDecl) bool { return o.name == d.name }) {
			out = append(out, d)
		}
	}
	return out
}

// overloaded says which kernel is defined more than once (C++ overloads,
// `k(int*)` and `k(float*)`), "" if none: a kernel is found by its name
// alone, so overloads cannot be told apart.
func overloaded(decls []kernelDecl) string {
	seen := map[string]bool{}
	for _, d := range decls {
		if seen[d.name] {
			return d.name
		}
		seen[d.name] = true
	}
	return ""
}

// scopes follows the braces of stripped source up to a position, to name
// the namespaces open there.
type scopes struct {
	s     string
	pos   int
	stack []string // per open brace: the namespace it opens; "" for any other block and an anonymous namespace
}

// at is the qualified name of the namespaces open at pos ("lab", "a::b"),
// "" at global scope; positions must not decrease from call to call.
func (sc *scopes) at(pos int) string {
	for ; sc.pos < pos && sc.pos < len(sc.s); sc.pos++ {
		switch sc.s[sc.pos] {
		case '\'':
			// A character literal: '{' opens nothing.
			for sc.pos++; sc.pos < len(sc.s) && sc.s[sc.pos] != '\'' && sc.s[sc.pos] != '\n'; sc.pos++ {
				if sc.s[sc.pos] == '\\' {
					sc.pos++
				}
			}
		case '{':
			sc.stack = append(sc.stack, namespaceOpened(sc.s[:sc.pos]))
		case '}':
			if len(sc.stack) > 0 {
				sc.stack = sc.stack[:len(sc.stack)-1]
			}
		}
	}
	var names []string
	for _, n := range sc.stack {
		if n != "" {
			names = append(names, n)
		}
	}
	return strings.Join(names, "::")
}

// namespaceOpened is the name of the namespace whose opening brace ends
// prefix ("namespace lab", "namespace a::b", "inline namespace v1"), or ""
// when the brace opens anything else or an anonymous namespace (whose
// kernels are found by their plain names).
func namespaceOpened(prefix string) string {
	p := strings.TrimRightFunc(prefix, unicode.IsSpace)
	j := len(p)
	for j > 0 && (isIdent(rune(p[j-1])) || p[j-1] == ':') {
		j--
	}
	name, before := p[j:], strings.TrimRightFunc(p[:j], unicode.IsSpace)
	k := len(before) - len("namespace")
	if name == "" || name == "namespace" || k < 0 || before[k:] != "namespace" || (k > 0 && isIdent(rune(before[k-1]))) {
		return ""
	}
	return name
}

// declName finds the function name after __global__: the first identifier
// followed by '(' that is not an attribute that takes arguments
// (__launch_bounds__, __cluster_dims__, __maxnreg__).
func declName(s string, off int) (string, int) {
	for off < len(s) {
		for off < len(s) && !isIdent(rune(s[off])) {
			if s[off] == '(' || s[off] == ';' || s[off] == '{' {
				return "", -1
			}
			off++
		}
		j := off
		for j < len(s) && isIdent(rune(s[j])) {
			j++
		}
		id := s[off:j]
		k := j
		for k < len(s) && unicode.IsSpace(rune(s[k])) {
			k++
		}
		if k < len(s) && s[k] == '(' {
			if id == "__launch_bounds__" || id == "__cluster_dims__" || id == "__maxnreg__" {
				if off = matchParen(s, k); off < 0 {
					return "", -1
				}
				off++
				continue
			}
			return id, k
		}
		off = j
	}
	return "", -1
}

// templateParams reports whether the declaration that ends the prefix
// starts with a template header, and its parameters when the header reads
// "template <...>".
func templateParams(prefix string) (string, bool) {
	head := prefix[strings.LastIndexAny(prefix, ";}")+1:]
	i := strings.Index(head, "template")
	if i < 0 {
		return "", false
	}
	rest := strings.TrimLeftFunc(head[i+len("template"):], unicode.IsSpace)
	if !strings.HasPrefix(rest, "<") {
		return "", true
	}
	depth := 0
	for j, c := range rest {
		switch c {
		case '<':
			depth++
		case '>':
			if depth--; depth == 0 {
				return strings.Join(strings.Fields(rest[1:j]), " "), true
			}
		}
	}
	return "", true
}

// templateExample is a kernel template's name with arguments of the kinds
// its parameters take, for messages: "tadd<float, 32>".
func templateExample(d kernelDecl) string {
	if d.tparams == "" {
		return d.name + "<...>"
	}
	var args []string
	for _, p := range strings.Split(d.tparams, ",") {
		words := strings.Fields(strings.SplitN(p, "=", 2)[0])
		switch {
		case len(words) == 0:
			args = append(args, "...")
		case words[0] == "typename" || words[0] == "class":
			args = append(args, "float")
		case words[0] == "bool":
			args = append(args, "true")
		default:
			args = append(args, "32")
		}
	}
	return d.name + "<" + strings.Join(args, ", ") + ">"
}

func matchParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func parseParams(list string) []paramDecl {
	list = strings.TrimSpace(list)
	if list == "" || list == "void" {
		return []paramDecl{}
	}
	var out []paramDecl
	depth, last := 0, 0
	for i := 0; i <= len(list); i++ {
		if i < len(list) {
			switch list[i] {
			case '<', '(', '[':
				depth++
				continue
			case '>', ')', ']':
				depth--
				continue
			case ',':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		out = append(out, parseParam(strings.TrimSpace(list[last:i])))
		last = i + 1
	}
	return out
}

func parseParam(text string) paramDecl {
	// A default argument ("int v = 3") is no part of the type or the name.
	def := false
	if i := strings.IndexByte(text, '='); i >= 0 {
		text, def = strings.TrimSpace(text[:i]), true
	}
	p := paramDecl{text: text, pointer: strings.Contains(text, "*"), hasDefault: def}
	var words []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !isIdent(r) }) {
		switch w {
		case "const", "volatile", "__restrict__", "restrict", "__restrict", "struct":
			continue
		}
		words = append(words, w)
	}
	if len(words) > 1 {
		words = words[:len(words)-1] // the parameter's own name
	}
	p.elem = strings.Join(words, " ")
	return p
}

func isIdent(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// stripComments blanks out comments and string literals' contents, keeping
// every newline so positions stay put.
func stripComments(src string) string {
	b := []byte(src)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			for ; i < len(b) && !(b[i] == '*' && i+1 < len(b) && b[i+1] == '/'); i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
			}
		case b[i] == '"':
			for i++; i < len(b) && b[i] != '"' && b[i] != '\n'; i++ {
				if b[i] == '\\' && i+1 < len(b) {
					b[i] = ' '
					i++
				}
				b[i] = ' '
			}
		}
	}
	return string(b)
}
