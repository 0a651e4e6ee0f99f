package cudalib

import (
	"strconv"
	"strings"
)

// A kernel's parameters, as the compiler saw them: NVRTC lowers each
// kernel's name expression to its mangled name (Itanium C++ ABI), which
// encodes the parameter types after macros, typedefs and templates are
// resolved ("_Z4fillPfi": fill(float*, int)). The PTX gives the same
// parameters only as sizes (.u64 is a pointer or a 64-bit integer alike),
// so the mangled name is what tells them apart. demangleParams reads the
// part of the grammar kernel signatures use: builtin types, pointers,
// qualifiers, named and nested types, template arguments and
// substitutions; anything else reports false, and the kernel's checks then
// rest on the source scanner and the PTX sizes.

// demangleParams returns the parameter types of a mangled kernel name.
func demangleParams(sym string) ([]paramDecl, bool) {
	if !strings.HasPrefix(sym, "_Z") {
		return nil, false // extern "C": the name carries no types
	}
	d := &demangler{s: sym[2:]}
	if !d.name() {
		return nil, false
	}
	if d.templated && !d.skipType() { // a template function's return type
		return nil, false
	}
	var params []paramDecl
	for d.i < len(d.s) {
		t, ok := d.typ()
		if !ok {
			return nil, false
		}
		if t.text == "void" && len(params) == 0 && d.i == len(d.s) {
			return []paramDecl{}, true // f(void)
		}
		params = append(params, t)
	}
	return params, true
}

// demangler reads a mangled name from s[i:].
type demangler struct {
	s         string
	i         int
	subs      []paramDecl // substitution candidates, in order: S_, S0_, S1_...
	targs     []paramDecl // the function's template arguments: T_, T0_...
	templated bool        // the function is a template instance
}

var builtinTypes = map[byte]string{
	'v': "void", 'w': "wchar_t", 'b': "bool", 'c': "char", 'a': "signed char", 'h': "unsigned char",
	's': "short", 't': "unsigned short", 'i': "int", 'j': "unsigned int", 'l': "long", 'm': "unsigned long",
	'x': "long long", 'y': "unsigned long long", 'n': "__int128", 'o': "unsigned __int128",
	'f': "float", 'd': "double", 'e': "long double", 'g': "__float128",
}

func (d *demangler) peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

// name reads the function's <name>: a source name or a nested one, with
// template arguments.
func (d *demangler) name() bool {
	if d.peek() == 'N' {
		d.i++
		for d.peek() != 'E' {
			id, ok := d.sourceName()
			if !ok {
				return false
			}
			if d.peek() == 'I' {
				d.subs = append(d.subs, paramDecl{text: id, elem: id})
				if !d.templateArgs() {
					return false
				}
			}
			if d.peek() != 'E' {
				d.subs = append(d.subs, paramDecl{text: id, elem: id}) // a prefix
			}
		}
		d.i++
		return true
	}
	id, ok := d.sourceName()
	if !ok {
		return false
	}
	if d.peek() == 'I' {
		d.subs = append(d.subs, paramDecl{text: id, elem: id}) // the template's name
		return d.templateArgs()
	}
	return true
}

// sourceName reads <number><identifier>.
func (d *demangler) sourceName() (string, bool) {
	j := d.i
	for j < len(d.s) && d.s[j] >= '0' && d.s[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(d.s[d.i:j])
	if err != nil || n <= 0 || j+n > len(d.s) {
		return "", false
	}
	d.i = j + n
	return d.s[j : j+n], true
}

// templateArgs reads I<arg>...E; the function's own arguments are kept for
// T_ (a nested class's would be too, as kernels are not members).
func (d *demangler) templateArgs() bool {
	d.i++ // I
	d.templated = true
	d.targs = nil
	for d.peek() != 'E' {
		switch d.peek() {
		case 0:
			return false
		case 'L': // a literal: L<type><value>E
			end := strings.IndexByte(d.s[d.i:], 'E')
			if end < 0 {
				return false
			}
			d.targs = append(d.targs, paramDecl{text: d.s[d.i+1 : d.i+end]})
			d.i += end + 1
		default:
			t, ok := d.typ()
			if !ok {
				return false
			}
			d.targs = append(d.targs, t)
		}
	}
	d.i++
	return true
}

// skipType reads a type and forgets it (it still counts as a substitution).
func (d *demangler) skipType() bool {
	_, ok := d.typ()
	return ok
}

// typ reads one <type>.
func (d *demangler) typ() (paramDecl, bool) {
	c := d.peek()
	if name, ok := builtinTypes[c]; ok {
		d.i++
		return paramDecl{text: name, elem: name}, true
	}
	switch c {
	case 'D':
		d.i++
		var name string
		switch d.peek() {
		case 'h':
			name = "_Float16" // CUDA's __half is a class, mangled by its name
		case 'n':
			name = "decltype(nullptr)"
		default:
			return paramDecl{}, false
		}
		d.i++
		return paramDecl{text: name, elem: name}, true
	case 'P', 'R', 'O':
		d.i++
		t, ok := d.typ()
		if !ok {
			return paramDecl{}, false
		}
		mark := map[byte]string{'P': "*", 'R': "&", 'O': "&&"}[c]
		r := paramDecl{text: t.text + mark, pointer: c == 'P', elem: t.elem}
		if c == 'P' && t.pointer {
			r.elem = "" // a pointer to pointers: no typed buffer holds it
		}
		d.subs = append(d.subs, r)
		return r, true
	case 'r', 'V', 'K':
		var quals []string
		for {
			switch d.peek() {
			case 'r':
				quals = append(quals, "__restrict__")
			case 'V':
				quals = append(quals, "volatile")
			case 'K':
				quals = append(quals, "const")
			default:
				t, ok := d.typ()
				if !ok {
					return paramDecl{}, false
				}
				r := t
				if t.pointer {
					r.text = t.text + " " + strings.Join(quals, " ")
				} else {
					r.text = strings.Join(quals, " ") + " " + t.text
				}
				d.subs = append(d.subs, r)
				return r, true
			}
			d.i++
		}
	case 'S':
		return d.substitution()
	case 'T':
		return d.templateParam()
	case 'N':
		d.i++
		var parts []string
		for d.peek() != 'E' {
			id, ok := d.sourceName()
			if !ok {
				return paramDecl{}, false
			}
			parts = append(parts, id)
			r := paramDecl{text: strings.Join(parts, "::")}
			r.elem = r.text
			d.subs = append(d.subs, r)
		}
		d.i++
		return d.subs[len(d.subs)-1], true
	}
	if c >= '1' && c <= '9' {
		id, _ := d.sourceName()
		r := paramDecl{text: id, elem: id}
		d.subs = append(d.subs, r)
		if d.peek() == 'I' { // a class template's instance
			saved := d.targs
			templated := d.templated
			if !d.templateArgs() {
				return paramDecl{}, false
			}
			d.targs, d.templated = saved, templated
			r = paramDecl{text: id + "<...>", elem: id + "<...>"}
			d.subs = append(d.subs, r)
		}
		return r, true
	}
	return paramDecl{}, false
}

// substitution reads S_ or S<base 36>_; the standard abbreviations (St,
// Sa...) are not read.
func (d *demangler) substitution() (paramDecl, bool) {
	d.i++ // S
	n := 0
	if d.peek() != '_' {
		j := d.i
		for j < len(d.s) && d.s[j] != '_' {
			j++
		}
		v, err := strconv.ParseUint(d.s[d.i:j], 36, 32)
		if err != nil {
			return paramDecl{}, false
		}
		n, d.i = int(v)+1, j
	}
	d.i++ // _
	if n >= len(d.subs) {
		return paramDecl{}, false
	}
	return d.subs[n], true
}

// templateParam reads T_ or T<n>_: a template argument of the function.
func (d *demangler) templateParam() (paramDecl, bool) {
	d.i++ // T
	n := 0
	if d.peek() != '_' {
		j := d.i
		for j < len(d.s) && d.s[j] != '_' {
			j++
		}
		v, err := strconv.Atoi(d.s[d.i:j])
		if err != nil {
			return paramDecl{}, false
		}
		n, d.i = v+1, j
	}
	d.i++ // _
	if n >= len(d.targs) {
		return paramDecl{}, false
	}
	t := d.targs[n]
	d.subs = append(d.subs, t)
	return t, true
}
