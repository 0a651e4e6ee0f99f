package cudalib

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/culab/culab/cudalib/internal/seam"
)

// Module is compiled CUDA C source loaded on the device: the RawModule of
// CuPy. Its kernels are looked up by their C++ names, templates included
// ("mm_tiled<32>").
type Module struct {
	dev     *Device
	gen     int
	name    string
	source  string
	options []string
	decls   []kernelDecl
	vars    []varDecl // the source's module variables, as scanVariables reads them

	note string // options accepted but not passed on, said in Log

	mu        sync.Mutex
	exprs     []string               // name expressions of the loaded image
	impl      seam.Module            // the image holding exprs
	instances map[string]seam.Module // template instantiations compiled on demand
	symbols   map[string]bool        // variables looked up by Symbol (lowered names): an instance gets their values
	unloaded  bool                   // Unload was called: its symbols are gone

	watches watchSet // what its kernels' launches do first (watch.go)
}

// Compile compiles CUDA C source for this device's architecture and loads
// it. Options pass through to NVRTC ("-O3", "--use_fast_math", "-DN=4").
// Compiled images are cached in memory and on disk, so compiling the same
// source again is cheap. A failed compilation returns *CompileError.
func (d *Device) Compile(src string, opts ...string) (*Module, error) {
	return d.CompileNamed("kernel.cu", src, opts...)
}

// CompileNamed is Compile with the file name that diagnostics carry.
func (d *Device) CompileNamed(name, src string, opts ...string) (*Module, error) {
	if err := d.usable(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", name, err)
	}
	opts, dropped := deviceOptions(opts)
	if macroKernels(src) {
		dropped += "note: a macro declares a kernel (#define ... __global__ ...): culab finds kernels by reading the source, not the preprocessor's output, so those are not found; write __global__ in each kernel's own declaration\n"
	}
	m := &Module{dev: d, gen: d.generation(), name: name, source: src, options: opts,
		decls: kernelDecls(src), vars: scanVariables(src), instances: map[string]seam.Module{}, note: dropped}
	if k := overloaded(m.decls); k != "" {
		return nil, fmt.Errorf("compile %s: kernel %s is defined more than once (overloads): a kernel is launched by its name alone, so overloaded kernels cannot be told apart; give each its own name (%s_int, %s_float...)", name, k, k, k)
	}
	for _, k := range m.decls {
		if !k.template {
			m.exprs = append(m.exprs, k.name)
		}
	}
	impl, err := m.build(m.exprs)
	if err != nil {
		return nil, err
	}
	m.impl = impl
	return m, nil
}

// errNilModule is what a nil Module does: a compile whose error went
// unread (m, _ := dev.Compile(src)).
var errNilModule = errors.New("nil module (did it compile? check the error of dev.Compile)")

func (m *Module) build(exprs []string) (seam.Module, error) {
	req := seam.CompileRequest{Name: m.name, Source: m.source, Options: m.options, NameExprs: exprs}
	impl, err := m.dev.loaded.load(m.gen, req, m.dev.b.Compile)
	var ce *CompileError
	if errors.As(err, &ce) {
		return nil, err // it names the source already
	}
	// The backends' compilers name the file themselves (NVRTC's errors,
	// also as text from the GPU worker); others get it here.
	if err != nil && !strings.HasPrefix(err.Error(), "compile "+m.name+":") {
		return nil, fmt.Errorf("compile %s: %w", m.name, err)
	}
	return impl, err
}

// Log is the compiler's log (warnings), empty when it said nothing.
func (m *Module) Log() string { return strings.TrimSpace(m.note + "\n" + m.impl.CompileLog()) }

// deviceOptions drops nvcc's host optimisation levels (-O0…-O3): they only
// concern host code, NVRTC optimises device code by default and refuses
// them. Lab reports pass -O3, so it is accepted and said so.
func deviceOptions(opts []string) (kept []string, note string) {
	for _, o := range opts {
		if len(o) == 3 && strings.HasPrefix(o, "-O") && o[2] >= '0' && o[2] <= '3' {
			note += fmt.Sprintf("note: %s optimises host code in nvcc; device code is optimised by default, so it was not passed to NVRTC\n", o)
			continue
		}
		kept = append(kept, o)
	}
	return kept, note
}

// Cached reports whether the image came from the compile cache.
func (m *Module) Cached() bool { return m.impl.Cached() }

// Kernels lists the __global__ functions found in the source; templates
// are listed as "name<...>".
func (m *Module) Kernels() []string {
	var names []string
	for _, k := range m.decls {
		if k.template {
			names = append(names, k.name+"<...>")
		} else {
			names = append(names, k.name)
		}
	}
	sort.Strings(names)
	return names
}

// Kernel returns the kernel with the given C++ name. A template
// instantiation ("mm_tiled<32>") is compiled on first use.
func (m *Module) Kernel(name string) (*Kernel, error) {
	if m == nil || m.impl == nil {
		return nil, errNilModule
	}
	if m.gen != m.dev.generation() {
		return nil, fmt.Errorf("kernel %s: module was loaded before dev.Reset() or dev.Close(); compile it again", name)
	}
	name = strings.TrimSpace(name)
	for _, d := range m.decls {
		if d.template && d.name == name {
			header := ""
			if d.tparams != "" {
				header = " (template <" + d.tparams + ">)"
			}
			return nil, fmt.Errorf("kernel %s is a template%s: name an instance with its template arguments, as %q", name, header, templateExample(d))
		}
	}
	impl, err := m.imageFor(name)
	if err != nil {
		return nil, err
	}
	sym, ok := impl.Lowered()[name]
	if !ok {
		sym = name // extern "C", or a name the scanner did not see
	}
	fn, err := impl.Function(sym)
	if err != nil {
		return nil, fmt.Errorf("kernel %s: not found in %s (kernels: %s): %w", name, m.name, strings.Join(m.Kernels(), ", "), err)
	}
	k := &Kernel{mod: m, name: name, fn: fn}
	if k.attrs, err = fn.Attributes(); err != nil {
		return nil, fmt.Errorf("kernel %s: attributes: %w", name, err)
	}
	k.sizes, k.sizesKnown = fn.ParamSizes()
	k.decl = m.compiledDecl(name, sym, k.sizes, k.sizesKnown)
	if k.decl != nil {
		for _, p := range k.decl.params {
			k.types = append(k.types, cTypeOf(p.elem))
		}
	}
	return k, nil
}

// compiledDecl is the kernel's declaration as the compiler saw it: the
// parameter types from the mangled name NVRTC lowered the kernel's name
// to (after macros, typedefs, template arguments), with the names the
// source gives them where the source scanner read as many parameters. An extern "C"
// kernel's name has no types: the scanner's reading stands if it has as
// many parameters as the compiled function (the PTX), else only the
// parameters' sizes are checked (nil).
func (m *Module) compiledDecl(name, sym string, sizes []int, sizesKnown bool) *kernelDecl {
	var scanned *kernelDecl
	base := name
	if i := strings.IndexByte(name, '<'); i >= 0 {
		base = strings.TrimSpace(name[:i])
	}
	for i := range m.decls {
		if m.decls[i].name == base {
			scanned = &m.decls[i]
			break
		}
	}
	params, ok := demangleParams(sym)
	if ok && sizesKnown && len(params) != len(sizes) {
		ok = false // not what the compiled function takes
	}
	if !ok {
		if scanned != nil && sizesKnown && len(scanned.params) != len(sizes) {
			return nil // the scanner misread it (a macro)
		}
		return scanned
	}
	if scanned != nil && sameTypes(scanned.params, params) {
		return scanned // as written: "const float *a"
	}
	if scanned != nil && len(scanned.params) == len(params) {
		for i := range params {
			if n := paramIdent(scanned.params[i].text); n != "" {
				params[i].text += " " + n
			}
		}
	}
	return &kernelDecl{name: base, template: strings.Contains(name, "<"), params: params, compiled: true}
}

// sameTypes reports whether the scanner read the compiler's parameter
// types, so that the declaration as written can stand.
func sameTypes(scanned, compiled []paramDecl) bool {
	if len(scanned) != len(compiled) {
		return false
	}
	for i, p := range scanned {
		c := compiled[i]
		if p.pointer != c.pointer || cTypeOf(p.elem).goName == "" || cTypeOf(p.elem).goName != cTypeOf(c.elem).goName {
			return false
		}
	}
	return true
}

// paramIdent is the name a parameter's declaration gives it, or "".
func paramIdent(text string) string {
	words := strings.FieldsFunc(text, func(r rune) bool { return !isIdent(r) })
	if len(words) < 2 {
		return ""
	}
	switch w := words[len(words)-1]; w {
	case "int", "char", "short", "long", "float", "double", "unsigned", "signed", "bool", "void", "const", "volatile", "__restrict__":
		return ""
	default:
		return w
	}
}

// imageFor returns the loaded image that holds name, compiling a template
// instantiation the first time it is asked for.
func (m *Module) imageFor(name string) (seam.Module, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.impl.Lowered()[name]; ok || !strings.Contains(name, "<") {
		return m.impl, nil
	}
	if impl, ok := m.instances[name]; ok {
		return impl, nil
	}
	impl, err := m.build(append(append([]string(nil), m.exprs...), name))
	if err != nil && strings.Contains(err.Error(), "__nv_name_map") {
		// NVRTC could not read the name as an instance (its errors name
		// its own generated file): say what the template takes.
		return nil, fmt.Errorf("instantiate %s: NVRTC cannot read it as an instance of a kernel template%s: %w", name, m.templateHint(name), err)
	}
	if err != nil {
		return nil, fmt.Errorf("instantiate %s: %w", name, err)
	}
	if err := m.copyVariables(impl); err != nil {
		impl.Unload()
		return nil, fmt.Errorf("instantiate %s: %w", name, err)
	}
	m.instances[name] = impl
	return impl, nil
}

// templateHint names the template an instance name starts with, its
// parameters and an instance of it, for errors: " (template <int B>
// blockSum: nb.Kernel("blockSum<32>"))".
func (m *Module) templateHint(name string) string {
	base := strings.TrimSpace(name[:strings.IndexByte(name, '<')])
	for _, d := range m.decls {
		if d.template && d.name == base {
			return fmt.Sprintf(" (template <%s> %s: e.g. %q)", d.tparams, d.name, templateExample(d))
		}
	}
	return ""
}

// Unload releases the module's images; its kernels must not be used after.
func (m *Module) Unload() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gen != m.dev.generation() {
		return nil
	}
	m.unloaded = true
	err := m.impl.Unload()
	for _, impl := range m.instances {
		if e := impl.Unload(); err == nil {
			err = e
		}
	}
	m.instances = map[string]seam.Module{}
	return err
}
