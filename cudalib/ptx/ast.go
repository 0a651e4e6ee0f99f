package ptx

// Module is one PTX file.
type Module struct {
	Version     string // ".version 7.8" -> "7.8"
	Target      string // ".target sm_90" -> "sm_90" (several targets joined by ",")
	AddressSize int    // ".address_size 64" -> 64
	// Files maps .file numbers to names, for Loc.
	Files map[int]string
	// Vars are module-scope variables: .global, .const, .shared (static and
	// .extern dynamic), in source order.
	Vars  []*Var
	Funcs []*Func // .entry and .func, in source order (declarations too)
	// Aliases are ".alias a, b;" declarations (a is another name for b).
	Aliases []Alias
	// Directives are module-scope .pragma directives.
	Directives []Directive
}

// Alias is ".alias Name, Target;".
type Alias struct {
	Name, Target string
	Line         int
}

// Func is a kernel (.entry) or device function (.func).
type Func struct {
	Name    string
	Entry   bool // .entry (a kernel); false: .func
	Visible bool // .visible
	Extern  bool // .extern: a declaration only, Body is nil
	Weak    bool // .weak (template instances that NVRTC emits)
	// Params are the parameters in order; Returns the .func return
	// parameters, "(.param .b32 retval0)" before the name.
	Params  []*Var
	Returns []*Var
	// Regs are the .reg declarations of every scope of the body.
	Regs []RegDecl
	// Vars are the .local, .shared and .param variables declared in the body
	// (call sequences declare .param ones in nested { } blocks).
	Vars []*Var
	// Body holds the instructions in order; nested { } blocks are
	// flattened into it (their declarations carry the block's Scope).
	Body []*Instr
	// Labels maps each label to the index in Body of the instruction it
	// precedes (len(Body) for a label at the end).
	Labels map[string]int
	// Directives such as .maxntid, .reqntid, .minnctapersm, .pragma, with
	// their arguments as written.
	Directives []Directive
	Line       int // line of the .entry/.func keyword in the PTX text
}

// Space is a state space.
type Space string

// The state spaces of variables and of memory instructions.
const (
	Global Space = "global"
	Const  Space = "const"
	Shared Space = "shared"
	Local  Space = "local"
	Param  Space = "param"
)

// Var is a variable or parameter declaration.
type Var struct {
	Space  Space
	Extern bool   // .extern (dynamic shared memory when Shared)
	Align  int    // .align N; 0 when not given
	Type   string // element type as written without the dot: "b8", "u64", "f32"
	Vector int    // 2 or 4 for a ".v2"/".v4" variable; 0 for a scalar type
	// PtrSpace is the state space a kernel pointer parameter is declared
	// to point to (".param .u64 .ptr .global .align 1 p"), "" otherwise.
	PtrSpace Space
	Name     string
	// Dims are the array dimensions; a 0 dimension is "[]" (unsized, as in
	// extern dynamic shared memory). None for a scalar.
	Dims []int
	// Init holds the initializer's elements in order, flattened, when the
	// declaration has one ("= {1, 2}" or "= 5"). Each is an integer, a float
	// (0f/0d form) or a symbol address.
	Init []Operand
	// Attributes are those of ".attribute(.managed)", without dots.
	Attributes []string
	// Scope is the nested { } block of a function body that declared it
	// (0: the function's outermost scope, or module scope).
	Scope int
	Line  int
}

// RegDecl declares registers: ".reg .b32 %r<7>;" is Prefix "%r", Count 7
// (registers %r0 … %r6); ".reg .pred p;" is Prefix "p", Count 0 (a single
// register named Prefix).
type RegDecl struct {
	Type   string // "pred", "b32", "f64", ...
	Vector int    // 2 or 4 for ".reg .v2 .f32 ..."; 0 for scalars
	Prefix string
	Count  int
	Scope  int
	Line   int
}

// Directive is a performance or pragma directive: ".maxntid 256, 1, 1".
type Directive struct {
	Name string   // "maxntid"
	Args []string // as written (a .pragma's strings without their quotes)
	Line int
}

// Instr is one instruction.
type Instr struct {
	// Guard is the predicate register of "@%p1" or "@!%p1"; "" when none.
	Guard    string
	GuardNeg bool
	// Op is the opcode without modifiers: "ld", "setp", "mul", "bar".
	Op string
	// Mods are the dot-separated modifiers after the opcode, in order and
	// without dots: "ld.global.nc.v4.u32" -> ["global" "nc" "v4" "u32"];
	// "barrier.sync.aligned" -> ["sync" "aligned"].
	Mods     []string
	Operands []Operand
	Loc      Loc    // the last .loc before the instruction
	Line     int    // line in the PTX text
	Scope    int    // nested { } block it stands in (0: the function's own)
	Text     string // the instruction as written, for error messages
}

// Loc is a source position from a .loc directive.
type Loc struct {
	File   int // .file number; 0 when no .loc came before
	Line   int
	Column int
}

// OperandKind says which fields of an Operand are set.
type OperandKind uint8

// The kinds of operands.
const (
	// Reg is a register or special register: Name ("%r1", "%tid.x",
	// "%p2"); Not for a negated predicate ("!%p1").
	Reg OperandKind = iota + 1
	// Int is an integer literal: Int holds its value (hex, octal, binary
	// and decimal forms; a "U" suffix is dropped; negative allowed).
	Int
	// Float is a float literal in 0fXXXXXXXX (Bits holds the 32 bits) or
	// 0dXXXXXXXXXXXXXXXX (64 bits) form, or a decimal float; Double says
	// which width Bits holds.
	Float
	// Symbol is the name of a variable, function or label used as a value
	// ("mov.u64 %rd1, s;", "bra $L__BB0_2;", "call f, (p);"): Name, and
	// Int the offset of "s+4".
	Symbol
	// Addr is a memory operand "[base+offset]": Name is the base (a
	// register or a variable; "" for an absolute address) and Int the
	// offset.
	Addr
	// Vec is a vector operand "{%r1, %r2}" (also "_" sink elements, as
	// Reg with Name "_"): Elems.
	Vec
	// List is a parenthesised list in a call: "(retval0)", "(param0,
	// param1)": Elems.
	List
	// Pair is the two destinations "%r1|%p1" of shfl and setp: Elems.
	Pair
)

// Operand is one operand of an instruction.
type Operand struct {
	Kind   OperandKind
	Name   string
	Not    bool // "!%p1" in a predicate source position
	Int    int64
	Bits   uint64
	Double bool
	Elems  []Operand
	// Generic marks a Symbol written "generic(x)" in an initializer: the
	// generic address of x rather than its own space's address.
	Generic bool
}
