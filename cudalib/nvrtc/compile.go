package nvrtc

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// Request is one compilation.
type Request struct {
	Name            string   // file name shown in diagnostics; "kernel.cu" when empty
	Source          string   // CUDA C++ source
	Options         []string // passed verbatim, after the -arch option of Target
	NameExpressions []string // entities whose lowered (mangled) names to report, e.g. "k<32>"
	Target          Target

	// Cancel, when closed, asks to stop the compile. NVRTC itself cannot
	// stop one: only a compiler that runs it in a process it can kill
	// (culab's compileproc) honours it; Lib.Compile does not.
	Cancel <-chan struct{}
}

// Result is a successful compilation. A Result from a Cache is shared by
// every caller that gets it: treat it as read-only.
type Result struct {
	Image   []byte            // CUBIN, or PTX ending in NUL as cuModuleLoadData wants
	CUBIN   bool              // whether Image is CUBIN
	Lowered map[string]string // name expression -> lowered name
	Log     string            // compiler log (warnings); empty when it said nothing
}

const nvrtcErrorCompilation = 6

func (r Request) name() string {
	if r.Name == "" {
		return "kernel.cu"
	}
	return r.Name
}

// Compile compiles req. Source that does not compile returns *CompileError
// (not wrapped) with the parsed diagnostics; other failures (a bad option,
// say) return an error wrapping *Error.
func (l *Lib) Compile(req Request) (*Result, error) {
	name := req.name()
	res, err := l.compile(name, req)
	if dl := deviceLaunch(req, res, err); dl != nil {
		return nil, dl
	}
	if ce, ok := err.(*CompileError); ok {
		return nil, ce // its message already names the file
	}
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", name, err)
	}
	return res, nil
}

func (l *Lib) compile(name string, req Request) (_ *Result, err error) {
	if req.Target.Arch <= 0 {
		return nil, fmt.Errorf("no target architecture (Target.Arch is %d)", req.Target.Arch)
	}
	if req.Target.CUBIN && l.getCUBIN == nil {
		return nil, fmt.Errorf("NVRTC %d.%d at %s cannot produce CUBIN; ask for PTX", l.major, l.minor, l.path)
	}

	// NVRTC reads these during the calls below; the byte slices live on the
	// Go heap, which does not move, and KeepAlive holds them to the end.
	src, cname := cstr(req.Source), cstr(name)
	opts := make([]*byte, 0, 1+len(req.Options)+len(l.includeDirs))
	opts = append(opts, cstr(req.Target.Option()))
	// The toolkit's headers after the caller's -I: a header of the
	// caller's own comes first.
	for _, o := range req.Options {
		opts = append(opts, cstr(o))
	}
	for _, o := range l.includeOptions() {
		opts = append(opts, cstr(o))
	}
	exprs := make(map[string]*byte, len(req.NameExpressions))
	defer runtime.KeepAlive(exprs)
	defer runtime.KeepAlive(opts)
	defer runtime.KeepAlive(cname)
	defer runtime.KeepAlive(src)

	texts, names := shimArgs()
	var prog uintptr
	if code := l.createProgram(&prog, src, cname, int32(len(names)), texts, names); code != 0 {
		return nil, l.err("nvrtcCreateProgram", code)
	}
	defer func() {
		if code := l.destroyProgram(&prog); code != 0 && err == nil {
			err = l.err("nvrtcDestroyProgram", code)
		}
	}()

	for _, e := range req.NameExpressions {
		if _, dup := exprs[e]; dup {
			continue
		}
		exprs[e] = cstr(e)
		if code := l.addNameExpr(prog, exprs[e]); code != 0 {
			return nil, fmt.Errorf("name expression %q: %w", e, l.err("nvrtcAddNameExpression", code))
		}
	}

	code := l.compileProgram(prog, int32(len(opts)), opts)
	log, logErr := l.programLog(prog)
	switch {
	case code == nvrtcErrorCompilation:
		diags := ParseLog(log)
		guessColumns(diags, name, req.Source)
		l.explain(diags)
		return nil, &CompileError{Name: name, Diagnostics: diags, Log: log}
	case code != 0:
		e := l.err("nvrtcCompileProgram", code)
		e.Log = log
		return nil, e
	case logErr != nil:
		return nil, logErr
	}

	res := &Result{CUBIN: req.Target.CUBIN, Log: log, Lowered: make(map[string]string, len(exprs))}
	if res.CUBIN {
		res.Image, err = l.output(prog, "nvrtcGetCUBIN", l.getCUBINSize, l.getCUBIN)
	} else {
		res.Image, err = l.output(prog, "nvrtcGetPTX", l.getPTXSize, l.getPTX)
		if err == nil && (len(res.Image) == 0 || res.Image[len(res.Image)-1] != 0) {
			res.Image = append(res.Image, 0)
		}
	}
	if err != nil {
		return nil, err
	}
	for e, ce := range exprs {
		var lowered *byte
		if code := l.getLoweredName(prog, ce, &lowered); code != 0 {
			return nil, fmt.Errorf("name expression %q: %w", e, l.err("nvrtcGetLoweredName", code))
		}
		// The lowered name lives in the program: copy it before destroying it.
		res.Lowered[e] = goString(lowered)
	}
	return res, nil
}

func (l *Lib) programLog(prog uintptr) (string, error) {
	b, err := l.output(prog, "nvrtcGetProgramLog", l.getProgramLogLen, l.getProgramLog)
	if err != nil {
		return "", err
	}
	// The size counts the terminating NUL.
	for len(b) > 0 && b[len(b)-1] == 0 {
		b = b[:len(b)-1]
	}
	return string(b), nil
}

// output fetches one of a program's outputs through its size/data pair.
func (l *Lib) output(prog uintptr, fn string, size func(uintptr, *uintptr) int32, data func(uintptr, *byte) int32) ([]byte, error) {
	var n uintptr
	if code := size(prog, &n); code != 0 {
		return nil, l.err(fn+"Size", code)
	}
	if n == 0 {
		return nil, nil
	}
	buf := make([]byte, n)
	if code := data(prog, &buf[0]); code != 0 {
		return nil, l.err(fn, code)
	}
	return buf, nil
}

// shimArgs are culab's headers as nvrtcCreateProgram takes them: their
// texts and include names, made once and kept for the process.
var shimArgs = sync.OnceValues(func() (texts, names []*byte) {
	s, _ := shims()
	for _, h := range s {
		texts = append(texts, cstr(h.text))
		names = append(names, cstr(h.name))
	}
	return texts, names
})

// cstr copies s into a NUL-terminated heap buffer for C.
func cstr(s string) *byte {
	b := make([]byte, len(s)+1)
	copy(b, s)
	return &b[0]
}

// goString copies a NUL-terminated C string.
func goString(p *byte) string {
	if p == nil {
		return ""
	}
	n := 0
	for *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}
