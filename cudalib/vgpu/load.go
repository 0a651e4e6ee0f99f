package vgpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/culab/culab/cudalib/ptx"
)

// Module is a loaded PTX module: its kernels decoded for execution and its
// module-scope .global and .const variables in device memory.
type Module struct {
	g       *GPU
	src     *ptx.Module
	vars    map[string]*allocation
	kernels map[string]*Kernel

	mu       sync.Mutex
	unloaded bool
}

// Kernel is a decoded .entry of a loaded module.
type Kernel struct {
	m          *Module
	name       string
	entry      *function
	paramSizes []int
	paramOffs  []int
	paramBytes int
	static     int // bytes of static shared memory
	dynAlign   int // alignment of the dynamic shared memory
	registers  int
	insts      []*inst // every instruction of the kernel and its functions, by id
	// prov has, per global access of the entry function, the parameters
	// its pointer derives from (sanitize_prov.go): read only by the
	// sanitizer, so the decoded instructions stay as small as they were.
	prov    map[*ptx.Instr]uint64
	provSrc []provSource
}

// Name returns the kernel's PTX (mangled) name.
func (k *Kernel) Name() string { return k.name }

// ParamSizes returns the byte size of each parameter, in order.
func (k *Kernel) ParamSizes() []int { return append([]int(nil), k.paramSizes...) }

// StaticShared returns the bytes of static shared memory a block uses.
func (k *Kernel) StaticShared() int { return k.static }

// LocalBytes returns the per-thread bytes of the kernel's own .local
// variables (callees' frames come on top at run time).
func (k *Kernel) LocalBytes() int { return int(k.entry.localVars) }

// Registers returns the number of registers the kernel declares (an
// estimate of what a real compiler would allocate).
func (k *Kernel) Registers() int { return k.registers }

// Load decodes every kernel of m once and gives its module-scope .global
// and .const variables device storage with their initializers. An
// instruction the virtual GPU cannot execute is an *UnsupportedError.
func (g *GPU) Load(m *ptx.Module) (*Module, error) {
	mod := &Module{g: g, src: m, vars: map[string]*allocation{}, kernels: map[string]*Kernel{}}
	if err := mod.allocVars(); err != nil {
		mod.Unload()
		return nil, err
	}
	for _, f := range m.Funcs {
		if !f.Entry || f.Extern {
			continue
		}
		k, err := mod.decodeKernel(f)
		if err != nil {
			mod.Unload()
			return nil, err
		}
		mod.kernels[f.Name] = k
	}
	return mod, nil
}

// Kernel returns the kernel named name (its PTX, mangled name).
func (m *Module) Kernel(name string) (*Kernel, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.unloaded {
		return nil, errorf(Invalid, "kernel %s: module unloaded", name)
	}
	k, ok := m.kernels[name]
	if !ok {
		names := make([]string, 0, len(m.kernels))
		for n := range m.kernels {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, errorf(Invalid, "no kernel %s in the module (kernels: %s)", name, strings.Join(names, ", "))
	}
	return k, nil
}

// Global returns the device address and size of the module-scope .global
// or .const variable name.
func (m *Module) Global(name string) (addr uint64, size int, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.unloaded {
		return 0, 0, errorf(Invalid, "variable %s: module unloaded", name)
	}
	a, ok := m.vars[name]
	if !ok {
		return 0, 0, errorf(Invalid, "no .global or .const variable %s in the module", name)
	}
	return a.addr, len(a.data), nil
}

// Globals lists the names of the module's .global and .const variables,
// sorted.
func (m *Module) Globals() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	names := make([]string, 0, len(m.vars))
	for n := range m.vars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Unload frees the module's variables; its kernels can no longer run.
func (m *Module) Unload() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.unloaded {
		return errorf(Invalid, "module already unloaded")
	}
	m.unloaded = true
	var first error
	for _, a := range m.vars {
		if err := m.g.free(a.addr, true); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// typeSize is the byte size of a PTX scalar type; 0 if unknown.
func typeSize(t string) int {
	switch t {
	case "b8", "u8", "s8", "pred":
		return 1
	case "b16", "u16", "s16", "f16", "bf16":
		return 2
	case "b32", "u32", "s32", "f32", "f16x2", "bf16x2", "tf32":
		return 4
	case "b64", "u64", "s64", "f64":
		return 8
	case "b128":
		return 16
	}
	return 0
}

// varSize is the byte size of a variable.
func varSize(v *ptx.Var) int {
	n := typeSize(v.Type)
	if v.Vector > 1 {
		n *= v.Vector
	}
	count := 1
	for _, d := range v.Dims {
		if d == 0 {
			// An unsized array takes its length from its initializer.
			per := 1
			if v.Vector > 1 {
				per = v.Vector
			}
			return typeSize(v.Type) * max(len(v.Init), per)
		}
		count *= d
	}
	return n * count
}

func varAlign(v *ptx.Var) int {
	if v.Align > 0 {
		return v.Align
	}
	a := typeSize(v.Type)
	if v.Vector > 1 {
		a *= v.Vector
	}
	return max(a, 1)
}

func alignUp(n, a int) int { return (n + a - 1) / a * a }

// allocVars gives every module-scope .global and .const variable device
// storage, then writes the initializers (which may hold the addresses of
// other variables).
func (m *Module) allocVars() error {
	for _, v := range m.src.Vars {
		if (v.Space != ptx.Global && v.Space != ptx.Const) || v.Extern {
			continue
		}
		addr, err := m.g.alloc(varSize(v), v.Name)
		if err != nil {
			return err
		}
		m.vars[v.Name] = m.g.table.Load().find(addr, 0)
	}
	for _, v := range m.src.Vars {
		a := m.vars[v.Name]
		if a == nil || len(v.Init) == 0 || v.Extern {
			continue
		}
		es := typeSize(v.Type)
		for i, e := range v.Init {
			var x uint64
			switch e.Kind {
			case ptx.Int:
				x = uint64(e.Int)
			case ptx.Float:
				x = floatBits(e, v.Type)
			case ptx.Symbol:
				t, ok := m.vars[e.Name]
				if !ok {
					return &UnsupportedError{Op: "initializer", Instr: e.Name, PTXLine: v.Line,
						Why: fmt.Sprintf("variable %s is initialized with the address of %s, which is not a .global or .const variable", v.Name, e.Name)}
				}
				x = t.addr + uint64(e.Int)
			default:
				return errorf(Invalid, "variable %s: initializer element %d is not a constant", v.Name, i)
			}
			off := i * es
			if off+es > len(a.data) {
				break
			}
			var buf [8]byte
			binary.LittleEndian.PutUint64(buf[:], x)
			copy(a.data[off:off+es], buf[:es])
		}
	}
	return nil
}

// floatBits encodes a float literal for type t: f32 and f64 convert
// between widths; any other type takes the literal's bits as written.
func floatBits(o ptx.Operand, t string) uint64 {
	switch {
	case t == "f32" && o.Double:
		return uint64(math.Float32bits(float32(math.Float64frombits(o.Bits))))
	case t == "f64" && !o.Double:
		return math.Float64bits(float64(math.Float32frombits(uint32(o.Bits))))
	}
	return o.Bits
}
