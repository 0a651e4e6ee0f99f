package interp

//go:generate go run ../internal/cmd/genop/genop.go

import (
	"errors"
	"fmt"
	"go/constant"
	"reflect"
	"unicode/utf8"
)

// bltn type defines functions which run at CFG execution.
type bltn func(f *frame) bltn

// bltnGenerator type defines a builtin generator function.
type bltnGenerator func(n *node)

var builtin = [...]bltnGenerator{
	aNop:          nop,
	aAddr:         addr,
	aAssign:       assign,
	aAdd:          add,
	aAddAssign:    addAssign,
	aAnd:          and,
	aAndAssign:    andAssign,
	aAndNot:       andNot,
	aAndNotAssign: andNotAssign,
	aBitNot:       bitNot,
	aCall:         call,
	aCallSlice:    call,
	aCase:         _case,
	aCompositeLit: arrayLit,
	aDec:          dec,
	aEqual:        equal,
	aGetFunc:      getFunc,
	aGreater:      greater,
	aGreaterEqual: greaterEqual,
	aInc:          inc,
	aLand:         land,
	aLor:          lor,
	aLower:        lower,
	aLowerEqual:   lowerEqual,
	aMul:          mul,
	aMulAssign:    mulAssign,
	aNeg:          neg,
	aNot:          not,
	aNotEqual:     notEqual,
	aOr:           or,
	aOrAssign:     orAssign,
	aPos:          pos,
	aQuo:          quo,
	aQuoAssign:    quoAssign,
	aRange:        _range,
	aRecv:         recv,
	aRem:          rem,
	aRemAssign:    remAssign,
	aReturn:       _return,
	aSend:         send,
	aShl:          shl,
	aShlAssign:    shlAssign,
	aShr:          shr,
	aShrAssign:    shrAssign,
	aSlice:        slice,
	aSlice0:       slice0,
	aStar:         deref,
	aSub:          sub,
	aSubAssign:    subAssign,
	aTypeAssert:   typeAssertShort,
	aXor:          xor,
	aXorAssign:    xorAssign,
}

type valueInterface struct {
	node  *node
	value reflect.Value
}

var floatType, complexType reflect.Type

func init() {
	floatType = reflect.ValueOf(0.0).Type()
	complexType = reflect.ValueOf(complex(0, 0)).Type()
}

func (interp *Interpreter) run(n *node, cf *frame) {
	if n == nil {
		return
	}
	var f *frame
	if cf == nil {
		f = interp.frame
	} else {
		f = newFrame(cf, len(n.types), interp.runid())
	}
	interp.mutex.RLock()
	c := reflect.ValueOf(interp.done)
	interp.mutex.RUnlock()

	f.mutex.Lock()
	f.done = reflect.SelectCase{Dir: reflect.SelectRecv, Chan: c}
	f.mutex.Unlock()

	for i, t := range n.types {
		f.data[i] = reflect.New(t).Elem()
	}
	runCfg(n.start, f, n, nil)
}

func isExecNode(n *node, exec bltn) bool {
	if n == nil || n.exec == nil || exec == nil {
		return false
	}

	a1 := reflect.ValueOf(n.exec).Pointer()
	a2 := reflect.ValueOf(exec).Pointer()
	return a1 == a2
}

// originalExecNode looks in the tree of nodes for the node which has exec,
// aside from n, in order to know where n "inherited" that exec from.
func originalExecNode(n *node, exec bltn) *node {
	execAddr := reflect.ValueOf(exec).Pointer()
	var originalNode *node
	seen := make(map[int64]struct{})
	root := n
	for {
		root = root.anc
		if root == nil {
			break
		}
		if _, ok := seen[root.index]; ok {
			continue
		}

		root.Walk(func(wn *node) bool {
			if _, ok := seen[wn.index]; ok {
				return true
			}
			seen[wn.index] = struct{}{}
			if wn.index == n.index {
				return true
			}
			if wn.exec == nil {
				return true
			}
			if reflect.ValueOf(wn.exec).Pointer() == execAddr {
				originalNode = wn
				return false
			}
			return true
		}, nil)

		if originalNode != nil {
			break
		}
	}

	return originalNode
}

// cloned from net/http/server.go , so we can enforce a similar behavior:
// in the stdlib, this error is used as sentinel in panic triggered e.g. on
// request cancellation, in order to catch it and suppress it in a following defer.
// in yaegi, we use it to suppress a "panic" log message that happens in the
// same circumstances.
var errAbortHandler = errors.New("net/http: abort Handler")

// Functions set to run during execution of CFG.

func panicFunc(s *scope) string {
	if s == nil {
		return ""
	}
	def := s.def
	if def == nil {
		return s.pkgID
	}
	switch def.kind {
	case funcDecl:
		if c := def.child[1]; c.kind == identExpr {
			return s.pkgID + "." + c.ident
		}
	case funcLit:
		if def.anc != nil {
			return panicFunc(def.anc.scope) + ".func"
		}
	}
	return s.pkgID
}

// runCfg executes a node AST by walking its CFG and running node builtin at each step.
func runCfg(n *node, f *frame, funcNode, callNode *node) {
	if p := runCfgFrame(n, f, funcNode, callNode); p != nil {
		// culab patch 2: a panic that the frame's deferred calls did not
		// recover goes on unwinding from here, not from the deferred call
		// that recovered it: a panic inside a deferred call nests in the
		// one recovered, and unwinding N nested panics takes a time in N²
		// or worse (minutes for a panic 10,000 calls deep).
		panic(p)
	}
}

// runCfgFrame runs the frame and returns the value of a panic that its
// deferred calls did not recover (culab patch 2).
func runCfgFrame(n *node, f *frame, funcNode, callNode *node) (unrecovered any) {
	n.interp.checkStack(n, funcNode) // culab patch 2
	var exec bltn
	defer func() {
		f.mutex.Lock()
		defer f.mutex.Unlock()
		f.recovered = goRuntimeError(recover()) // culab patch 34
		if _, ok := ExitCode(f.recovered); ok {
			unrecovered = f.recovered // culab patch 103: no deferred call runs
			return
		}
		panicking := f.recovered != nil
		for _, val := range f.deferred {
			// culab patch 39: a panic in a deferred call replaces the
			// frame's panic, and the next deferred calls still run (and
			// may recover it); it escaped, skipping them.
			if p := callDeferred(val); p != nil {
				f.recovered, panicking = goRuntimeError(p), true
			}
		}
		if f.recovered == nil {
			if panicking {
				forgetPanicStack() // culab patch 2: recovered by the interpreted code
			}
			return
		}
		if _, ok := f.recovered.(*StackOverflow); !ok && f.recovered != ErrStopped { // culab patch 2: no line per frame of a stack overflow (patch 120: nor of a stopped run)
			notePanicStack() // culab patch 2
			oNode := originalExecNode(n, exec)
			if oNode == nil {
				oNode = n
			}
			errorer, ok := f.recovered.(error)
			// in this specific case, the stdlib would/will suppress the panic, so we
			// suppress the logging here accordingly, to get a similar and consistent
			// behavior.
			if !ok || errorer.Error() != errAbortHandler.Error() {
				fmt.Fprintln(n.interp.stderr, oNode.cfgErrorf("panic: %s(...)", panicFunc(oNode.scope)))
			}
		}
		unrecovered = f.recovered
	}()

	dbg := n.interp.debugger
	if dbg == nil {
		for exec := n.exec; exec != nil && f.runid() == n.interp.runid(); {
			exec = exec(f)
		}
		return
	}

	if n.exec == nil {
		return
	}

	dbg.enterCall(funcNode, callNode, f)
	defer dbg.exitCall(funcNode, callNode, f)

	for m, exec := n, n.exec; f.runid() == n.interp.runid(); {
		if dbg.exec(m, f) {
			break
		}

		exec = exec(f)
		if exec == nil {
			break
		}

		if m == nil {
			m = originalExecNode(n, exec)
			continue
		}

		switch {
		case isExecNode(m.tnext, exec):
			m = m.tnext
		case isExecNode(m.fnext, exec):
			m = m.fnext
		default:
			m = originalExecNode(m, exec)
		}
	}
	return nil
}

func typeAssertShort(n *node) {
	typeAssert(n, true, false)
}

func typeAssertLong(n *node) {
	typeAssert(n, true, true)
}

func typeAssertStatus(n *node) {
	typeAssert(n, false, true)
}

func convert(n *node) {
	dest := genValue(n)
	c := n.child[1]
	typ := n.child[0].typ.frameType()
	next := getExec(n.tnext)

	if c.isNil() { // convert nil to type
		// TODO(mpl): Try to completely remove, as maybe frameType already does the job for interfaces.
		if isInterfaceSrc(n.child[0].typ) && !isEmptyInterface(n.child[0].typ) {
			typ = valueInterfaceType
		}
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.New(typ).Elem())
			return next
		}
		return
	}

	doConvert := true
	var value func(*frame) reflect.Value
	switch {
	case isFuncSrc(c.typ):
		value = genFunctionWrapper(c)
	case isInterfaceSrc(n.child[0].typ) && !isInterfaceSrc(c.typ) && (!isEmptyInterface(n.child[0].typ) || hasMethods(c.typ)):
		// culab patch 18: any(v) keeps v's methods and type, as var a any = v
		// does (a type switch took any(color(1)) for an int).
		value, doConvert = genValueInterface(c), false
	case isEmptyInterface(n.child[0].typ) && !isInterfaceSrc(c.typ) && needsTypeNote(c.typ):
		// culab patch 84: any(v) notes v's type, as var a any = v does.
		if g := genValueTagged(c); g != nil {
			value, doConvert = g, false
		} else {
			value = genValue(c)
		}
	case isInterfaceBin(n.child[0].typ) && !isInterface(c.typ):
		// culab patch 27: error(v) wraps v as var e error = v does (a value
		// of a cell type has no methods for reflect).
		value, doConvert = genInterfaceWrapper(c, typ), false
	default:
		value = genValue(c)
	}

	for _, con := range n.interp.hooks.convert {
		if c.typ.rtype == nil {
			continue
		}

		fn := con(c.typ.rtype, typ)
		if fn == nil {
			continue
		}
		n.exec = func(f *frame) bltn {
			fn(value(f), dest(f))
			return next
		}
		return
	}

	value = sliceToArrayCheck(value, typ) // culab patch 32
	n.exec = func(f *frame) bltn {
		if doConvert {
			dest(f).Set(value(f).Convert(typ))
		} else {
			dest(f).Set(value(f))
		}
		return next
	}
}

// assignFromCall assigns values from a function call.
func assignFromCall(n *node) {
	ncall := n.lastChild()
	l := len(n.child) - 1
	if n.anc.kind == varDecl && n.child[l-1].isType(n.scope) {
		// Ignore the type in the assignment if it is part of a variable declaration.
		l--
	}
	dvalue := make([]func(*frame) reflect.Value, l)
	for i := range dvalue {
		if n.child[i].ident == "_" {
			continue
		}
		dvalue[i] = genValue(n.child[i])
	}
	next := getExec(n.tnext)
	n.exec = func(f *frame) bltn {
		for i, v := range dvalue {
			if v == nil {
				continue
			}
			s := f.data[ncall.findex+i]
			c := n.child[i]
			if n.kind == defineXStmt && !c.redeclared {
				// Recreate destination value in case of define statement,
				// to preserve previous value possibly in use by a closure.
				data := getFrame(f, c.level).data
				data[c.findex] = reflect.New(data[c.findex].Type()).Elem()
				data[c.findex].Set(s)
				continue
			}
			v(f).Set(s)
		}
		return next
	}
}

func assign(n *node) {
	next := getExec(n.tnext)
	dvalue := make([]func(*frame) reflect.Value, n.nleft)
	ivalue := make([]func(*frame) reflect.Value, n.nleft)
	svalue := make([]func(*frame) reflect.Value, n.nleft)
	var sbase int
	if n.nright > 0 {
		sbase = len(n.child) - n.nright
	}

	for i := 0; i < n.nleft; i++ {
		dest, src := n.child[i], n.child[sbase+i]
		if isNamedFuncSrc(src.typ) {
			svalue[i] = genFuncValue(src)
		} else {
			svalue[i] = genDestValue(dest.typ, src)
		}
		if isMapEntry(dest) {
			if isInterfaceSrc(dest.child[1].typ) { // key
				ivalue[i] = genValueInterface(dest.child[1])
			} else {
				ivalue[i] = genValue(dest.child[1])
			}
			dvalue[i] = genValue(dest.child[0])
		} else {
			dvalue[i] = genValue(dest)
		}
	}

	if n.nleft == 1 {
		// Single assign operation.
		switch s, d, i := svalue[0], dvalue[0], ivalue[0]; {
		case n.child[0].ident == "_":
			n.exec = func(f *frame) bltn {
				return next
			}
		case i != nil:
			n.exec = func(f *frame) bltn {
				mapSet(d(f), i(f), s(f))
				return next
			}
		case n.kind == defineStmt:
			l := n.level
			ind := n.findex
			n.exec = func(f *frame) bltn {
				data := getFrame(f, l).data
				data[ind] = reflect.New(data[ind].Type()).Elem()
				data[ind].Set(s(f))
				return next
			}
		default:
			n.exec = func(f *frame) bltn {
				d(f).Set(s(f))
				return next
			}
		}
		return
	}

	// Multi assign operation.
	types := make([]reflect.Type, n.nright)
	index := make([]int, n.nright)
	level := make([]int, n.nright)

	for i := range types {
		if dest := n.child[i]; dest.ident != "_" {
			// culab patch 7: the temporary has the destination's type, as
			// the source was made to fit it (genDestValue: an interface
			// wraps its value; an untyped nil has no type of its own).
			types[i] = dest.typ.frameType()
		}
		index[i] = n.child[i].findex
		level[i] = n.child[i].level
	}

	if n.kind == defineStmt && redeclaresAny(n) {
		// culab patch 78: a redeclared variable is assigned, not made new,
		// after all the values are evaluated (y, a := 1, y gives a the old y).
		n.exec = func(f *frame) bltn {
			vals := make([]reflect.Value, len(svalue))
			for i, s := range svalue {
				if n.child[i].ident != "_" {
					v := s(f) // a copy: it may be a variable's storage
					vals[i] = reflect.New(v.Type()).Elem()
					vals[i].Set(v)
				}
			}
			for i, v := range vals {
				if !v.IsValid() {
					continue
				}
				data := getFrame(f, level[i]).data
				j := index[i]
				if !n.child[i].redeclared {
					data[j] = reflect.New(data[j].Type()).Elem()
				}
				data[j].Set(v)
			}
			return next
		}
		return
	}
	if n.kind == defineStmt {
		// Handle a multiple var declararation / assign. It cannot be a swap.
		n.exec = func(f *frame) bltn {
			for i, s := range svalue {
				if n.child[i].ident == "_" {
					continue
				}
				data := getFrame(f, level[i]).data
				j := index[i]
				data[j] = reflect.New(data[j].Type()).Elem()
				data[j].Set(s(f))
			}
			return next
		}
		return
	}

	// To handle possible swap in multi-assign:
	// evaluate and copy all values in assign right hand side into temporary
	// then evaluate assign left hand side and copy temporary into it
	// culab patch 57: a map entry's map and key are evaluated before any
	// destination is assigned (Go's first phase): k, m[k] = "b", 1 set
	// m["b"], the key read after k changed.
	hasMap := false
	for _, j := range ivalue {
		hasMap = hasMap || j != nil
	}
	n.exec = func(f *frame) bltn {
		var entries []reflect.Value // map, key: a pair a destination
		if hasMap {
			entries = make([]reflect.Value, 2*len(dvalue))
			for i, d := range dvalue {
				if j := ivalue[i]; j != nil && n.child[i].ident != "_" {
					entries[2*i], entries[2*i+1] = snapshot(d(f)), snapshot(j(f))
				}
			}
		}
		t := make([]reflect.Value, len(svalue))
		for i, s := range svalue {
			if n.child[i].ident == "_" {
				continue
			}
			t[i] = reflect.New(types[i]).Elem()
			t[i].Set(s(f))
		}
		for i, d := range dvalue {
			if n.child[i].ident == "_" {
				continue
			}
			if ivalue[i] != nil {
				mapSet(entries[2*i], entries[2*i+1], t[i]) // Assign a map entry
			} else {
				d(f).Set(t[i]) // Assign a var or array/slice entry
			}
		}
		return next
	}
}

// snapshot returns v, copied if it is a variable's storage, which a later
// assignment would change.
func snapshot(v reflect.Value) reflect.Value {
	if !v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

func not(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	tnext := getExec(n.tnext)

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			if !value(f).Bool() {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			dest(f).SetBool(!value(f).Bool())
			return tnext
		}
	}
}

func addr(n *node) {
	dest := genValue(n)
	next := getExec(n.tnext)
	c0 := n.child[0]
	value := genValue(c0)

	if isInterfaceSrc(c0.typ) || isPtrSrc(c0.typ) {
		i := n.findex
		l := n.level
		n.exec = func(f *frame) bltn {
			getFrame(f, l).data[i] = value(f).Addr()
			return next
		}
		return
	}

	n.exec = func(f *frame) bltn {
		dest(f).Set(value(f).Addr())
		return next
	}
}

func deref(n *node) {
	value := genValue(n.child[0])
	tnext := getExec(n.tnext)
	i := n.findex
	l := n.level

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			r := value(f).Elem()
			if r.Bool() {
				getFrame(f, l).data[i] = r
				return tnext
			}
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			getFrame(f, l).data[i] = value(f).Elem()
			return tnext
		}
	}
}

func _print(n *node) {
	child := n.child[1:]
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		values[i] = genValue(c)
	}
	out := n.interp.stderr // culab patch 1: Go's print writes to standard error

	genBuiltinDeferWrapper(n, values, nil, func(args []reflect.Value) []reflect.Value {
		for _, value := range args { // culab patch 1: print puts no spaces between operands
			fmt.Fprintf(out, "%v", value)
		}
		return nil
	})
}

func _println(n *node) {
	child := n.child[1:]
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		values[i] = genValue(c)
	}
	out := n.interp.stderr // culab patch 1: Go's println writes to standard error

	genBuiltinDeferWrapper(n, values, nil, func(args []reflect.Value) []reflect.Value {
		for i, value := range args {
			if i > 0 {
				fmt.Fprintf(out, " ")
			}
			fmt.Fprintf(out, "%v", value)
		}
		fmt.Fprintln(out, "")
		return nil
	})
}

func _recover(n *node) {
	tnext := getExec(n.tnext)
	dest := genValue(n)

	n.exec = func(f *frame) bltn {
		anc := f.anc
		if anc.origin != nil {
			anc = anc.origin // culab patch 11
		}
		if anc.recovered == nil {
			// TODO(mpl): maybe we don't need that special case, and we're just forgetting to unwrap the valueInterface somewhere else.
			if isEmptyInterface(n.typ) {
				return tnext
			}
			dest(f).Set(reflect.ValueOf(valueInterface{}))
			return tnext
		}

		// culab patch 9: _panic panics with its argument's reflect.Value,
		// which recover returned as such: recover().(string) failed.
		rv, ok := anc.recovered.(reflect.Value)
		if !ok {
			rv = reflect.ValueOf(anc.recovered)
		}
		if !rv.IsValid() {
			rv = reflect.New(emptyInterfaceType).Elem()
		}
		if isEmptyInterface(n.typ) {
			dest(f).Set(rv)
		} else {
			dest(f).Set(reflect.ValueOf(valueInterface{n, rv}))
		}
		anc.recovered = nil
		return tnext
	}
}

func _panic(n *node) {
	value := panicValue(n.child[1]) // culab patch 27
	text := panicTexter(n.child[1]) // culab patch 9

	n.exec = func(f *frame) bltn {
		if text != nil {
			panicTexts.Store(goroutineID(), text(f)) // culab patch 9
		} else {
			panicTexts.Delete(goroutineID()) // one that compiled code recovered
		}
		panic(value(f))
	}
}

func genBuiltinDeferWrapper(n *node, in, out []func(*frame) reflect.Value, fn func([]reflect.Value) []reflect.Value) {
	next := getExec(n.tnext)

	if n.anc.kind == deferStmt {
		n.exec = func(f *frame) bltn {
			val := make([]reflect.Value, len(in)+1)
			inTypes := make([]reflect.Type, len(in))
			for i, v := range in {
				val[i+1] = argValue(v(f)) // culab patch 15
				inTypes[i] = val[i+1].Type()
			}
			outTypes := make([]reflect.Type, len(out))
			for i, v := range out {
				outTypes[i] = v(f).Type()
			}

			funcType := reflect.FuncOf(inTypes, outTypes, false)
			val[0] = reflect.MakeFunc(funcType, fn)
			f.deferred = append([][]reflect.Value{val}, f.deferred...)
			return next
		}
		return
	}

	n.exec = func(f *frame) bltn {
		val := make([]reflect.Value, len(in))
		for i, v := range in {
			val[i] = v(f)
		}

		dests := fn(val)

		for i, dest := range dests {
			out[i](f).Set(dest)
		}
		return next
	}
}

func genFunctionWrapper(n *node) func(*frame) reflect.Value {
	var def *node
	var ok bool

	if def, ok = n.val.(*node); !ok {
		return genValueAsFunctionWrapper(n)
	}
	if _, isExpr := methodExprDef(n); isExpr {
		return genMethodExprWrapper(n, def) // culab patch 63
	}
	start := def.child[3].start
	numRet := len(def.typ.ret)
	var rcvr func(*frame) reflect.Value

	if n.recv != nil {
		rcvr = genValueRecv(n)
	}
	funcType := n.typ.TypeOf()
	// culab patch 67: a function literal given as a value (to a compiled
	// function: wg.Go(func() {...}), sort.Slice's less) is a closure of
	// the variables of the moment it is made, as getFunc makes it: those
	// of its iteration in a loop, not the ones of the iteration running
	// when it is called.
	lit := n.kind == funcLit

	return func(f *frame) reflect.Value {
		// The run id is the frame's where the literal is made, read at
		// each call, as before patch 67: the clone's copy of it would go
		// stale at the next interrupt (a run of its own), and every later
		// call (a widget's callback) would stop at once.
		orig := f
		if lit {
			f = f.clone()
		}
		// culab patch 13: the receiver is evaluated, and a value receiver
		// copied, when the method value is made, not at each call.
		var recv, late reflect.Value
		if rcvr != nil {
			src := rcvr(f)
			if n.recv.late {
				late = pointerReceiver(src, def.types[numRet]) // culab patch 125
			}
			if !late.IsValid() {
				recv = boundReceiver(src, def.types[numRet])
			}
		}
		return reflect.MakeFunc(funcType, func(in []reflect.Value) []reflect.Value {
			if n.interp.enterCall() { // culab patch 160
				defer n.interp.leaveForeignCall(def)
			}
			// Allocate and init local frame. All values to be settable and addressable.
			fr := newFrame(f, len(def.types), orig.runid())
			d := fr.data
			for i, t := range def.types {
				d[i] = reflect.New(t).Elem()
			}

			if rcvr == nil {
				d = d[numRet:]
			} else {
				// Copy method receiver as first argument.
				if late.IsValid() {
					if late.IsNil() {
						panic(runtimeError("invalid memory address or nil pointer dereference"))
					}
					d[numRet].Set(late.Elem())
				} else {
					d[numRet].Set(recv)
				}
				d = d[numRet+1:]
			}

			// Copy function input arguments in local frame.
			for i, arg := range in {
				if i >= len(d) {
					// In case of unused arg, there may be not even a frame entry allocated, just skip.
					break
				}
				setArg(d[i], def.typ.arg[i], arg)
			}

			// Interpreter code execution.
			runCfg(start, fr, def, n)
			// culab patch 120: a call that the interpreter's stop cut
			// short, or that began after it, panics instead of returning
			// zero values: compiled code calling it in a loop (io.ReadAll
			// of a cell's endless Reader) ran on after the cell was
			// stopped, growing without end, and got real answers again
			// when the next cell started.
			if fr.runid() != n.interp.runid() {
				panic(ErrStopped)
			}

			return fr.data[:numRet]
		})
	}
}

func genInterfaceWrapper(n *node, typ reflect.Type) func(*frame) reflect.Value {
	value := genValue(n)
	if typ == nil || typ.Kind() != reflect.Interface || typ.NumMethod() == 0 || n.typ.cat == valueT {
		return value
	}
	tc := n.typ.cat
	if tc != structT {
		// Always force wrapper generation for struct types, as they may contain
		// embedded interface fields which require wrapping, even if reported as
		// implementing typ by reflect.
		if nt := n.typ.frameType(); nt != nil && nt.Implements(typ) {
			return value
		}
	}

	wrap := interfaceWrapper(n, typ) // culab patch 22
	return func(f *frame) reflect.Value { return wrap(f, value(f)) }
}

// structWrapper returns what makes a value of n's type, v, a value of the
// compiled interface type typ, through a wrapper struct if v's type is the
// interpreter's (culab patch 22: split from genInterfaceWrapper, for a value
// that no node of the frame holds, as a type switch's; see interfaceWrapper).
func structWrapper(n *node, typ reflect.Type) func(*frame, reflect.Value) reflect.Value {
	tc := n.typ.cat
	// Retrieve methods from the interface wrapper, which is a struct where all fields
	// except the first define the methods to implement.
	// As the field name was generated with a prefixed first character (in order to avoid
	// collisions with method names), this first character is ignored in comparisons.
	wrap := getWrapper(n, typ)
	mn := wrapperMethods(wrap) // culab patch 20
	names := make([]string, mn)
	methods := make([]*node, mn)
	indexes := make([][]int, mn)
	for i := 0; i < mn; i++ {
		names[i] = wrap.Field(i + 1).Name[1:]
		methods[i], indexes[i] = n.typ.lookupMethod(names[i])
		if methods[i] == nil && n.typ.cat != nilT {
			// interpreted method not found, look for binary method, possibly embedded
			_, indexes[i], _, _ = n.typ.lookupBinMethod(names[i])
		}
	}

	return func(f *frame, v reflect.Value) reflect.Value {
		if tc != structT && v.Type().Implements(typ) {
			return v
		}
		switch v.Kind() {
		case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Ptr, reflect.Slice:
			// culab patch 21: only a nil interface or the untyped nil is a nil
			// interface; a nil *T (or map, slice... of a type with methods) is
			// wrapped, an interface value that is not nil, as in Go.
			if v.IsNil() && (v.Kind() == reflect.Interface || tc == nilT || tc == interfaceT) {
				return reflect.New(typ).Elem()
			}
		}
		var n2 *node
		if vi, ok := v.Interface().(valueInterface); ok {
			n2 = vi.node
		}
		rv := valueInterfaceValue(v) // culab patch 22: the receiver of the methods
		raw := v                     // culab patch 20
		v = wrappedValue(v)          // culab patch 69
		w := reflect.New(wrap).Elem()
		w.Field(0).Set(v)
		for i, m := range methods {
			if m == nil {
				// First direct method lookup on field.
				if r := methodByName(v, names[i], indexes[i]); r.IsValid() {
					w.Field(i + 1).Set(r)
					continue
				}
				if n2 == nil {
					panic(n.cfgErrorf("method not found: %s", names[i]))
				}
				// Method lookup in embedded valueInterface.
				m2, i2 := n2.typ.lookupMethod(names[i])
				if m2 != nil {
					nod := *m2
					nod.recv = &receiver{nil, rv, i2, true} // culab patch 22: the value wrapped, not n read again; 121
					w.Field(i + 1).Set(genFunctionWrapper(&nod)(f))
					continue
				}
				panic(n.cfgErrorf("method not found: %s", names[i]))
			}
			nod := *m
			nod.recv = &receiver{nil, rv, indexes[i], true} // culab patches 22, 125
			w.Field(i + 1).Set(genFunctionWrapper(&nod)(f))
		}
		setWrapperType(w, n, n2, raw) // culab patch 20
		if n2 != nil && n2.typ != nil && !isInterface(n2.typ) {
			noteWrapper(w, n2) // culab patch 136
		} else {
			noteWrapper(w, n)
		}
		return w
	}
}

// methodByName returns the method corresponding to name on value, or nil if not found.
// The search is extended on valueInterface wrapper if present.
// If valid, the returned value is a method function with the receiver already set
// (no need to pass it at call).
func methodByName(value reflect.Value, name string, index []int) (v reflect.Value) {
	if vi, ok := value.Interface().(valueInterface); ok {
		if v = getConcreteValue(vi.value).MethodByName(name); v.IsValid() {
			return
		}
	}
	if v = value.MethodByName(name); v.IsValid() {
		return
	}
	if value.Kind() == reflect.Struct && checkFieldIndex(value.Type(), index) {
		// culab patch 69: a compiled method promoted from an embedded
		// field of a struct value (time.Time's String in struct{
		// time.Time }) was not found ("method not found: String").
		if fv, err := value.FieldByIndexErr(index); err == nil {
			if v = fv.MethodByName(name); v.IsValid() {
				return
			}
			if fv.CanAddr() && fv.Kind() != reflect.Ptr {
				// Through an embedded pointer: the field is addressable,
				// and its pointer methods are in the method set.
				if v = fv.Addr().MethodByName(name); v.IsValid() {
					return
				}
			}
		}
	}
	for value.Kind() == reflect.Ptr {
		value = value.Elem()
		if checkFieldIndex(value.Type(), index) {
			value = value.FieldByIndex(index)
		}
		if v = value.MethodByName(name); v.IsValid() {
			return
		}
		if value.CanAddr() && value.Kind() != reflect.Ptr {
			// culab patch 65: a pointer method of an embedded compiled
			// type ((*bytes.Buffer).Write), reached through a pointer.
			if v = value.Addr().MethodByName(name); v.IsValid() {
				return
			}
		}
	}
	return
}

func checkFieldIndex(typ reflect.Type, index []int) bool {
	if len(index) == 0 {
		return false
	}
	t := typ
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	i := index[0]
	if i >= t.NumField() {
		return false
	}
	if len(index) > 1 {
		return checkFieldIndex(t.Field(i).Type, index[1:])
	}
	return true
}

func call(n *node) {
	goroutine := n.anc.kind == goStmt
	c0 := n.child[0]
	value := genValue(c0)
	var values []func(*frame) reflect.Value

	numRet := len(c0.typ.ret)
	variadic := variadicPos(n)
	child := n.child[1:]
	tnext := getExec(n.tnext)
	fnext := getExec(n.fnext)
	hasVariadicArgs := n.action == aCallSlice // callSlice implies variadic call with ellipsis.

	// Compute input argument value functions.
	for i, c := range child {
		var arg *itype
		if variadic >= 0 && i >= variadic {
			arg = c0.typ.arg[variadic].val
		} else {
			arg = c0.typ.arg[i]
		}
		switch {
		case isBinCall(c, c.scope):
			// Handle nested function calls: pass returned values as arguments.
			numOut := c.child[0].typ.rtype.NumOut()
			for j := 0; j < numOut; j++ {
				ind := c.findex + j
				arg := paramAt(c0.typ, variadic, i+j, arg) // culab patch 141
				if hasVariadicArgs || !isInterfaceSrc(arg) || isEmptyInterface(arg) {
					values = append(values, func(f *frame) reflect.Value { return f.data[ind] })
					continue
				}
				values = append(values, func(f *frame) reflect.Value {
					return reflect.ValueOf(valueInterface{value: f.data[ind]})
				})
			}
		case isRegularCall(c):
			// Arguments are return values of a nested function call.
			cc0 := c.child[0]
			for j := range cc0.typ.ret {
				ind := c.findex + j
				arg := paramAt(c0.typ, variadic, i+j, arg) // culab patch 141
				if hasVariadicArgs || !isInterfaceSrc(arg) || isEmptyInterface(arg) {
					values = append(values, func(f *frame) reflect.Value { return f.data[ind] })
					continue
				}
				values = append(values, func(f *frame) reflect.Value {
					return reflect.ValueOf(valueInterface{node: cc0.typ.ret[j].node, value: f.data[ind]})
				})
			}
		default:
			if (c.kind == basicLit || c.rval.IsValid()) && !isNilSlice(c.rval) { // culab patch 95: not an element, f(nil...)'s slice
				argType := arg.TypeOf()
				convertLiteralValue(c, argType)
			}
			switch {
			case hasVariadicArgs:
				values = append(values, genValue(c))
			case isInterfaceSrc(arg) && (!isEmptyInterface(arg) || hasMethods(c.typ)):
				values = append(values, genValueInterface(c))
			case isInterfaceBin(arg):
				values = append(values, genInterfaceWrapper(c, arg.rtype))
			case isFuncSrc(arg):
				values = append(values, genFuncValue(c))
			default:
				if v := genValueAsAny(arg, c); v != nil { // culab patch 47
					values = append(values, v)
					break
				}
				values = append(values, genValue(c))
			}
		}
	}

	if def, ok := methodExprDef(c0); ok && len(values) > 0 && variadic != 0 && n.anc.kind != deferStmt {
		values[0] = methodExprReceiver(c0, def, values[0]) // culab patch 63
	}

	// Compute output argument value functions.
	rtypes := c0.typ.ret
	rvalues := make([]func(*frame) reflect.Value, len(rtypes))
	switch n.anc.kind {
	case defineXStmt, assignXStmt:
		l := n.level
		for i := range rvalues {
			c := n.anc.child[i]
			switch {
			case c.ident == "_":
				// Skip assigning return value to blank var.
			case isInterfaceSrc(c.typ) && !isEmptyInterface(c.typ) && !isInterfaceSrc(rtypes[i]):
				rvalues[i] = genValueInterfaceValue(c)
			default:
				j := n.findex + i
				rvalues[i] = func(f *frame) reflect.Value { return getFrame(f, l).data[j] }
			}
		}
	case returnStmt:
		// Function call from a return statement: forward return values (always at frame start).
		for i := range rtypes {
			j := n.findex + i
			// Set the return value location in return value of caller frame.
			rvalues[i] = func(f *frame) reflect.Value { return f.data[j] }
		}
	default:
		// Multiple return values frame index are indexed from the node frame index.
		l := n.level
		for i := range rtypes {
			j := n.findex + i
			rvalues[i] = func(f *frame) reflect.Value { return getFrame(f, l).data[j] }
		}
	}

	if n.anc.kind == deferStmt {
		// Store function call in frame for deferred execution.
		value = genFunctionWrapper(c0)
		if c0.kind == funcLit {
			// culab patch 11: a function literal is a closure of the
			// variables of the moment the defer statement ran (those of
			// its iteration in a loop), as getFunc makes it.
			wrap := value
			value = func(f *frame) reflect.Value { return wrap(f.clone()) }
		}
		n.exec = func(f *frame) bltn {
			val := make([]reflect.Value, len(values)+1)
			val[0] = value(f)
			for i, v := range values {
				val[i+1] = argValue(v(f)) // culab patch 15
			}
			f.deferred = append([][]reflect.Value{val}, f.deferred...)
			return tnext
		}
		return
	}

	n.exec = func(f *frame) bltn {
		f.mutex.Lock()
		bf := value(f)
		def, ok := bf.Interface().(*node)
		if ok {
			bf = def.rval
		}
		f.mutex.Unlock()

		// Call bin func if defined
		if bf.IsValid() {
			var callf func([]reflect.Value) []reflect.Value

			// Lambda definitions are necessary here. Due to reflect internals,
			// having `callf = bf.Call` or `callf = bf.CallSlice` does not work.
			//nolint:gocritic
			if hasVariadicArgs {
				callf = func(in []reflect.Value) []reflect.Value { return bf.CallSlice(in) }
			} else {
				callf = func(in []reflect.Value) []reflect.Value { return bf.Call(in) }
			}

			if goroutine {
				// Goroutine's arguments should be copied.
				in := make([]reflect.Value, len(values))
				for i, v := range values {
					value := v(f)
					in[i] = reflect.New(value.Type()).Elem()
					in[i].Set(value)
				}

				go n.interp.goroutine(n, func() { callf(in) }) // culab patch 3
				return tnext
			}

			in := make([]reflect.Value, len(values))
			for i, v := range values {
				in[i] = v(f)
			}
			out := callf(in)
			for i, v := range rvalues {
				if v != nil {
					v(f).Set(out[i])
				}
			}
			if fnext != nil && !out[0].Bool() {
				return fnext
			}
			return tnext
		}

		nf := newFrame(f, len(def.types), f.runid())
		var vararg reflect.Value

		// Init return values
		for i, v := range rvalues {
			if v != nil {
				nf.data[i] = v(f)
			} else {
				nf.data[i] = reflect.New(def.types[i]).Elem()
			}
		}

		// Init local frame values
		for i, t := range def.types[numRet:] {
			nf.data[numRet+i] = reflect.New(t).Elem()
		}

		// Init variadic argument vector
		if variadic >= 0 {
			vararg = nf.data[numRet+variadic]
		}

		// Copy input parameters from caller
		if dest := nf.data[numRet:]; len(dest) > 0 {
			for i, v := range values {
				switch {
				case variadic >= 0 && i >= variadic:
					if v(f).Type() == vararg.Type() {
						vararg.Set(v(f))
					} else {
						vararg.Set(reflect.Append(vararg, v(f)))
					}
				default:
					val := v(f)
					if val.IsZero() && dest[i].Kind() != reflect.Interface {
						// Work around a recursive struct zero interface issue.
						// Once there is a better way to handle this case, the dest can just be set.
						continue
					}
					if nod, ok := val.Interface().(*node); ok && nod.recv != nil {
						// An interpreted method is passed as value in a function call.
						// It must be wrapped now, otherwise the receiver will be missing
						// at the method call (#1332).
						// TODO (marc): wrapping interpreted functions should be always done
						// everywhere at runtime to simplify the whole code,
						// but it requires deeper refactoring.
						dest[i] = genFunctionWrapper(nod)(f)
						continue
					}
					dest[i].Set(val)
				}
			}
		}

		// culab patch 60: the results start at their zero values. Their
		// slots are the caller's (this call's temporaries, or the caller's
		// results for a return of a call), which keep what an earlier call
		// from here left, so a named result of a function called in a loop
		// started with the previous call's value. Zeroed once the arguments,
		// which may read them, are copied.
		for i, v := range rvalues {
			if r := nf.data[i]; v != nil && r.CanSet() && r.Type() == def.types[i] {
				r.SetZero()
			}
		}

		// Execute function body
		if goroutine {
			go n.interp.goroutine(n, func() { runCfg(def.child[3].start, nf, def, n) }) // culab patch 3
			return tnext
		}
		runCfg(def.child[3].start, nf, def, n)

		// Handle branching according to boolean result
		if fnext != nil && !nf.data[0].Bool() {
			return fnext
		}
		return tnext
	}
}

func getFrame(f *frame, l int) *frame {
	switch l {
	case globalFrame:
		return f.root
	case 0:
		return f
	case 1:
		return f.anc
	case 2:
		return f.anc.anc
	}
	for ; l > 0; l-- {
		f = f.anc
	}
	return f
}

// Callbin calls a function from a bin import, accessible through reflect.
func callBin(n *node) {
	tnext := getExec(n.tnext)
	fnext := getExec(n.fnext)
	child := n.child[1:]
	c0 := n.child[0]
	value := guardedMethod(n, deepEqualGuard(n, slogArgsGuard(n, casGuard(n, syncMapRangeGuard(n, storedValueGuard(n, contextKeyGuard(n, jsonErrorGuard(n, codecGuard(n, binFuncValue(n, genValue(c0))))))))))) // culab patches 27, 112, 117 to 119, 121, 124, 129, 138, 140
	var values []func(*frame) reflect.Value
	funcType := c0.typ.rtype
	wt := wrappedType(c0)
	variadic := -1
	if funcType.IsVariadic() {
		variadic = funcType.NumIn() - 1
	}
	// A method signature obtained from reflect.Type includes receiver as 1st arg, except for interface types.
	rcvrOffset := 0
	if recv := c0.recv; recv != nil && !isInterface(recv.node.typ) {
		if variadic > 0 || funcType.NumIn() > len(child) {
			rcvrOffset = 1
		}
	}

	// getMapType returns a reflect type suitable for interface wrapper for functions
	// with some special processing in case of interface{} argument, i.e. fmt.Printf.
	var getMapType func(*itype) reflect.Type
	if lr, ok := n.interp.mapTypes[c0.rval]; ok {
		getMapType = func(typ *itype) reflect.Type {
			for _, rt := range lr {
				if typ.implements(&itype{cat: valueT, rtype: rt}) {
					return rt
				}
			}
			return nil
		}
	}

	// Determine if we should use `Call` or `CallSlice` on the function Value.
	callFn := func(v reflect.Value, in []reflect.Value) []reflect.Value { return v.Call(in) }
	if n.action == aCallSlice {
		callFn = func(v reflect.Value, in []reflect.Value) []reflect.Value { return v.CallSlice(in) }
	}

	for i, c := range child {
		switch {
		case isBinCall(c, c.scope):
			// Handle nested function calls: pass returned values as arguments
			numOut := c.child[0].typ.rtype.NumOut()
			for j := 0; j < numOut; j++ {
				ind := c.findex + j
				values = append(values, func(f *frame) reflect.Value { return valueInterfaceValue(f.data[ind]) })
			}
		case isRegularCall(c):
			// Handle nested function calls: pass returned values as arguments
			for j := range c.child[0].typ.ret {
				ind := c.findex + j
				values = append(values, func(f *frame) reflect.Value { return valueInterfaceValue(f.data[ind]) })
			}
		default:
			if c.kind == basicLit || c.rval.IsValid() {
				// Convert literal value (untyped) to function argument type (if not an interface{})
				var argType reflect.Type
				switch {
				case variadic >= 0 && i+rcvrOffset >= variadic && n.action == aCallSlice:
					argType = funcType.In(variadic) // culab patch 95: f(nil...)
				case variadic >= 0 && i+rcvrOffset >= variadic:
					argType = funcType.In(variadic).Elem()
				default:
					argType = funcType.In(i + rcvrOffset)
				}
				convertLiteralValue(c, argType)
				if !reflect.ValueOf(c.val).IsValid() { //  Handle "nil"
					c.val = reflect.Zero(argType)
				}
			}

			if wt != nil && isInterfaceSrc(wt.arg[i]) {
				values = append(values, genValueInterface(c))
				break
			}

			// defType is the target type for a potential interface wrapper.
			var defType reflect.Type
			if variadic >= 0 && i+rcvrOffset >= variadic {
				defType = funcType.In(variadic)
				if n.action != aCallSlice {
					// culab patch 40: an element of the variadic
					// parameter, not its slice: a value of a cell type
					// passed for ...error or ...io.Reader was not wrapped.
					defType = defType.Elem()
				}
			} else {
				defType = funcType.In(rcvrOffset + i)
			}
			if getMapType != nil {
				// culab patch 65: the wrappers of fmt's printing are for
				// its ...any operands only: the io.Writer of Fprintln(w,
				// ...) was wrapped as a fmt.Stringer when w's type has a
				// String method ("reflect: Call using stdlib._fmt_Stringer
				// as type io.Writer").
				if rt := getMapType(c.typ); rt != nil && defType.Kind() == reflect.Interface && defType.NumMethod() == 0 {
					defType = rt
				}
			} else if defType.Kind() == reflect.Interface && defType.NumMethod() == 0 {
				if lv := logValuerType(n, c.typ); lv != nil && slogCall(n) { // culab patch 130
					values = append(values, genInterfaceWrapper(c, lv))
					break
				}
				if t := c.typ; t != nil && t.cat != valueT && t.cat != nilT && !isInterface(t) && hasMethods(t) && isDeepEqualCall(n) {
					values = append(values, genValueInterface(c)) // culab patch 140: with its type
					break
				}
				if t := c.typ; t != nil && (isInterfaceSrc(t) || t.cat != valueT && t.cat != nilT && !isInterface(t) && hasMethods(t)) && slogCall(n) {
					values = append(values, genValueInterface(c)) // culab patch 138: slogArgsGuard gives it
					break
				}
				// culab patch 47: compiled code gets the value as before,
				// and fmt its type where the any comes back (sync.Map,
				// container/list, context).
				if v := genValueTagged(c); v != nil {
					values = append(values, v)
					break
				}
			}

			switch {
			case isEmptyInterface(c.typ):
				values = append(values, genValue(c))
			case storedIfaceArg(n, i):
				values = append(values, genValueInterface(c)) // culab patch 142
			case isInterfaceSrc(c.typ) && getMapType == nil && defType.Kind() == reflect.Interface && defType.NumMethod() > 0:
				values = append(values, genIfaceArgAsBin(c, defType)) // culab patch 132
			case isInterfaceSrc(c.typ):
				values = append(values, genValueInterfaceValue(c))
			case isFuncSrc(c.typ):
				values = append(values, genFunctionWrapper(c))
			case c.typ.cat == arrayT || c.typ.cat == variadicT:
				if isEmptyInterface(c.typ.val) {
					values = append(values, genValueArray(c))
				} else {
					values = append(values, genInterfaceWrapper(c, defType))
				}
			case isPtrSrc(c.typ):
				if c.typ.val.cat == valueT {
					values = append(values, genValue(c))
				} else {
					values = append(values, genInterfaceWrapper(c, defType))
				}
			case c.typ.cat == valueT:
				values = append(values, genValue(c))
			default:
				values = append(values, genInterfaceWrapper(c, defType))
			}
		}
	}
	if pv, pf := printCallArgs(n, values); pv != nil { // culab patch 20
		values = pv
		if pf.IsValid() {
			value = func(*frame) reflect.Value { return pf }
		}
	}
	l := len(values)

	switch {
	case n.anc.kind == deferStmt:
		// Store function call in frame for deferred execution.
		n.exec = func(f *frame) bltn {
			val := make([]reflect.Value, l+1)
			val[0] = value(f)
			for i, v := range values {
				val[i+1] = argValue(getBinValue(getMapType, v, f)) // culab patch 15
			}
			f.deferred = append([][]reflect.Value{val}, f.deferred...)
			return tnext
		}
	case n.anc.kind == goStmt:
		// Execute function in a goroutine, discard results.
		n.exec = func(f *frame) bltn {
			in := make([]reflect.Value, l)
			for i, v := range values {
				in[i] = argValue(getBinValue(getMapType, v, f)) // culab patch 15
			}
			fn := value(f)                                      // culab patch 15: evaluated by the go statement
			go n.interp.goroutine(n, func() { callFn(fn, in) }) // culab patch 3
			return tnext
		}
	case fnext != nil:
		// Handle branching according to boolean result.
		index := n.findex
		level := n.level
		n.exec = func(f *frame) bltn {
			in := make([]reflect.Value, l)
			for i, v := range values {
				in[i] = getBinValue(getMapType, v, f)
			}
			res := callFn(value(f), in)
			b := res[0].Bool()
			getFrame(f, level).data[index].SetBool(b)
			if b {
				return tnext
			}
			return fnext
		}
	default:
		switch n.anc.action {
		case aAssignX:
			// The function call is part of an assign expression, store results direcly
			// to assigned location, to avoid an additional frame copy.
			// The optimization of aAssign is handled in assign(), and should not
			// be handled here.
			rvalues := make([]func(*frame) reflect.Value, funcType.NumOut())
			for i := range rvalues {
				c := n.anc.child[i]
				if c.ident == "_" {
					continue
				}
				if isInterfaceSrc(c.typ) {
					rvalues[i] = genValueInterfaceValue(c)
				} else {
					rvalues[i] = genValue(c)
				}
			}
			n.exec = func(f *frame) bltn {
				in := make([]reflect.Value, l)
				for i, v := range values {
					in[i] = getBinValue(getMapType, v, f)
				}
				out := callFn(value(f), in)
				for i, v := range rvalues {
					if v == nil {
						continue // Skip assign "_".
					}
					c := n.anc.child[i]
					if n.anc.kind == defineXStmt && !c.redeclared {
						// In case of a define statement, the destination value in the frame
						// must be recreated. This is necessary to preserve the previous value
						// which may be still used in a separate closure.
						data := getFrame(f, c.level).data
						data[c.findex] = reflect.New(data[c.findex].Type()).Elem()
						data[c.findex].Set(out[i])
						continue
					}
					v(f).Set(out[i])
				}
				return tnext
			}
		case aReturn:
			// The function call is part of a return statement, store output results
			// directly in the frame location of outputs of the current function.
			b := childPos(n)
			n.exec = func(f *frame) bltn {
				in := make([]reflect.Value, l)
				for i, v := range values {
					in[i] = getBinValue(getMapType, v, f)
				}
				out := callFn(value(f), in)
				for i, v := range out {
					dest := f.data[b+i]
					if _, ok := dest.Interface().(valueInterface); ok {
						v = reflect.ValueOf(valueInterface{value: v})
					}
					dest.Set(v)
				}
				return tnext
			}
		default:
			n.exec = func(f *frame) bltn {
				in := make([]reflect.Value, l)
				for i, v := range values {
					in[i] = getBinValue(getMapType, v, f)
				}
				out := callFn(value(f), in)
				for i := 0; i < len(out); i++ {
					r := out[i]
					if r.Kind() == reflect.Func {
						getFrame(f, n.level).data[n.findex+i] = r
						continue
					}
					dest := getFrame(f, n.level).data[n.findex+i]
					if _, ok := dest.Interface().(valueInterface); ok {
						r = reflect.ValueOf(valueInterface{value: r})
					}
					dest.Set(r)
				}
				return tnext
			}
		}
	}
}

func getIndexBinMethod(n *node) {
	// dest := genValue(n)
	i := n.findex
	l := n.level
	m := n.val.(int)
	value := genValue(n.child[0])
	next := getExec(n.tnext)
	guard := methodValueGuard(n) // culab patch 126
	recv := binReceiver(n)       // culab patch 13

	n.exec = func(f *frame) bltn {
		// Can not use .Set() because dest type contains the receiver and source not
		// dest(f).Set(value(f).Method(m))
		mv := recv(value(f)).Method(m)
		if guard != nil {
			mv = guard(mv)
		}
		getFrame(f, l).data[i] = mv
		return next
	}
}

func getIndexBinElemMethod(n *node) {
	i := n.findex
	l := n.level
	m := n.val.(int)
	value := genValue(n.child[0])
	next := getExec(n.tnext)
	guard := methodValueGuard(n) // culab patch 126
	recv := binReceiver(n)       // culab patch 13

	n.exec = func(f *frame) bltn {
		// Can not use .Set() because dest type contains the receiver and source not
		mv := recv(value(f).Elem()).Method(m)
		if guard != nil {
			mv = guard(mv)
		}
		getFrame(f, l).data[i] = mv
		return next
	}
}

func getIndexBinPtrMethod(n *node) {
	i := n.findex
	l := n.level
	m := n.val.(int)
	value := genValue(n.child[0])
	next := getExec(n.tnext)
	guard := methodValueGuard(n) // culab patch 126

	n.exec = func(f *frame) bltn {
		// Can not use .Set() because dest type contains the receiver and source not
		mv := value(f).Addr().Method(m)
		if guard != nil {
			mv = guard(mv)
		}
		getFrame(f, l).data[i] = mv
		return next
	}
}

// getIndexArray returns array value from index.
func getIndexArray(n *node) {
	tnext := getExec(n.tnext)
	value0 := genValueArray(n.child[0]) // array
	i := n.findex
	l := n.level

	if n.child[1].rval.IsValid() { // constant array index
		ai := int(vInt(n.child[1].rval))
		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				r := indexChecked(value0(f), ai) // culab patch 34
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = indexChecked(value0(f), ai) // culab patch 34
				return tnext
			}
		}
	} else {
		value1 := genValueInt(n.child[1]) // array index

		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				_, vi := value1(f)
				r := indexChecked(value0(f), int(vi)) // culab patch 34
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				_, vi := value1(f)
				getFrame(f, l).data[i] = indexChecked(value0(f), int(vi)) // culab patch 34
				return tnext
			}
		}
	}
}

// getIndexMap retrieves map value from index.
func getIndexMap(n *node) {
	dest := genValue(n)
	value0 := genValue(n.child[0]) // map
	tnext := getExec(n.tnext)
	z := reflect.New(n.child[0].typ.frameType().Elem()).Elem()

	if n.child[1].rval.IsValid() { // constant map index
		mi := n.child[1].rval

		switch {
		case n.fnext != nil:
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				if v := mapGet(value0(f), mi); v.IsValid() && v.Bool() {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).Set(z)
				return fnext
			}
		default:
			n.exec = func(f *frame) bltn {
				if v := mapGet(value0(f), mi); v.IsValid() {
					dest(f).Set(v)
				} else {
					dest(f).Set(z)
				}
				return tnext
			}
		}
	} else {
		value1 := genValue(n.child[1]) // map index

		switch {
		case n.fnext != nil:
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				if v := mapGet(value0(f), value1(f)); v.IsValid() && v.Bool() {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).Set(z)
				return fnext
			}
		default:
			n.exec = func(f *frame) bltn {
				if v := mapGet(value0(f), value1(f)); v.IsValid() {
					dest(f).Set(v)
				} else {
					dest(f).Set(z)
				}
				return tnext
			}
		}
	}
}

// getIndexMap2 retrieves map value from index and set status.
func getIndexMap2(n *node) {
	dest := genValue(n.anc.child[0])   // result
	value0 := genValue(n.child[0])     // map
	value2 := genValue(n.anc.child[1]) // status
	next := getExec(n.tnext)
	doValue := n.anc.child[0].ident != "_"
	doStatus := n.anc.child[1].ident != "_"

	if !doValue && !doStatus {
		nop(n)
		return
	}
	defer freshBefore(n)           // culab patch 76
	if n.child[1].rval.IsValid() { // constant map index
		mi := n.child[1].rval
		switch {
		case !doValue:
			n.exec = func(f *frame) bltn {
				v := mapGet(value0(f), mi)
				value2(f).SetBool(v.IsValid())
				return next
			}
		default:
			n.exec = func(f *frame) bltn {
				v := mapGet(value0(f), mi)
				setOrZero(dest(f), v) // culab patch 7
				if doStatus {
					value2(f).SetBool(v.IsValid())
				}
				return next
			}
		}
	} else {
		value1 := genValue(n.child[1]) // map index
		switch {
		case !doValue:
			n.exec = func(f *frame) bltn {
				v := mapGet(value0(f), value1(f))
				value2(f).SetBool(v.IsValid())
				return next
			}
		default:
			n.exec = func(f *frame) bltn {
				v := mapGet(value0(f), value1(f))
				setOrZero(dest(f), v) // culab patch 7
				if doStatus {
					value2(f).SetBool(v.IsValid())
				}
				return next
			}
		}
	}
}

// getFunc compiles a closure function generator for anonymous functions.
func getFunc(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	numRet := len(n.typ.ret)

	n.exec = func(f *frame) bltn {
		fr := f.clone()
		if l == 0 {
			// culab patch 11: the clone does not hold the closure made at
			// the previous run of this literal (a chain of closures and
			// frames in a loop, yaegi's issue 1618); the slot was set back
			// after each call instead, by the goroutine that ran the
			// closure, and a go statement could then start the closure of
			// another iteration.
			fr.data[i] = reflect.Value{}
		}

		fct := reflect.MakeFunc(n.typ.TypeOf(), func(in []reflect.Value) []reflect.Value {
			if n.interp.enterCall() { // culab patch 160
				defer n.interp.leaveForeignCall(n)
			}
			// Allocate and init local frame. All values to be settable and addressable.
			fr2 := newFrame(fr, len(n.types), fr.runid())
			d := fr2.data
			for i, t := range n.types {
				d[i] = reflect.New(t).Elem()
			}
			d = d[numRet:]

			// Copy function input arguments in local frame.
			for i, arg := range in {
				if i >= len(d) {
					// In case of unused arg, there may be not even a frame entry allocated, just skip.
					break
				}
				setArg(d[i], n.typ.arg[i], arg)
			}

			// Interpreter code execution.
			runCfg(n.child[3].start, fr2, n, n)

			return fr2.data[:numRet]
		})

		f.mutex.Lock()
		getFrame(f, l).data[i] = fct
		f.mutex.Unlock()

		return next
	}
}

func getMethod(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		nod := *(n.val.(*node))
		nod.val = &nod
		nod.recv = n.recv
		getFrame(f, l).data[i] = genFuncValue(&nod)(f)
		return next
	}
}

func getMethodByName(n *node) {
	next := getExec(n.tnext)
	value0 := genValue(n.child[0])
	name := n.child[1].ident
	i := n.findex
	l := n.level
	embedded := embeddedFields(n.child[0].typ) // culab patch 38

	n.exec = func(f *frame) bltn {
		// The interface object must be directly accessible, or embedded in a struct (exported anonymous field).
		val0 := value0(f)
		val, ok := value0(f).Interface().(valueInterface)
		if !ok {
			// Search the first embedded valueInterface.
			for val0.Kind() == reflect.Ptr {
				val0 = val0.Elem()
			}
			for i := 0; i < val0.NumField(); i++ {
				fld := val0.Type().Field(i)
				if !embedded[i] && (!fld.Anonymous || !fld.IsExported()) { // culab patch 38: the interpreter's embedded fields
					continue
				}
				if val, ok = val0.Field(i).Interface().(valueInterface); ok {
					break
					// TODO: should we keep track of all the vals that are indeed valueInterface,
					// so that later on we can call MethodByName on all of them until one matches?
				}
			}
			if !ok {
				panic(n.cfgErrorf("invalid interface value %v", val0))
			}
		}
		// Traverse nested interface values to get the concrete value.
		for {
			v, ok := val.value.Interface().(valueInterface)
			if !ok {
				break
			}
			val = v
		}

		if met := val.value.MethodByName(name); met.IsValid() {
			getFrame(f, l).data[i] = met
			return next
		}

		typ := val.node.typ
		if typ.node == nil && typ.cat == valueT {
			// It happens with a var of empty interface type, that has value of concrete type
			// from runtime, being asserted to "user-defined" interface.
			if _, ok := typ.rtype.MethodByName(name); !ok {
				panic(n.cfgErrorf("method not found: %s", name))
			}
			return next
		}

		// Finally search method recursively in embedded valueInterfaces.
		r, m, li := lookupMethodValue(val, name)
		if r.IsValid() {
			getFrame(f, l).data[i] = r
			return next
		}
		if m == nil {
			panic(n.cfgErrorf("method not found: %s", name))
		}

		nod := *m
		nod.val = &nod
		nod.recv = &receiver{nil, val.value, li, false}
		getFrame(f, l).data[i] = genFuncValue(&nod)(f)
		return next
	}
}

// lookupMethodValue recursively looks within val for the method with the given
// name. If a runtime value is found, it is returned in r, otherwise it is returned
// in m, with li as the list of recursive field indexes.
func lookupMethodValue(val valueInterface, name string) (r reflect.Value, m *node, li []int) {
	if r = val.value.MethodByName(name); r.IsValid() {
		return
	}
	if m, li = val.node.typ.lookupMethod(name); m != nil {
		return
	}
	if !isStruct(val.node.typ) {
		return
	}
	v := val.value
	for v.Type().Kind() == reflect.Ptr {
		v = v.Elem()
	}
	nf := v.NumField()
	for i := 0; i < nf; i++ {
		vi, ok := v.Field(i).Interface().(valueInterface)
		if !ok {
			continue
		}
		if r, m, li = lookupMethodValue(vi, name); m != nil {
			li = append([]int{i}, li...)
			return
		}
	}
	return
}

func getIndexSeq(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	tnext := getExec(n.tnext)
	i := n.findex
	l := n.level

	// Note:
	// Here we have to store the result using
	//    f.data[i] = value(...)
	// instead of normal
	//    dest(f).Set(value(...)
	// because the value returned by FieldByIndex() must be preserved
	// for possible future Set operations on the struct field (avoid a
	// dereference from Set, resulting in setting a copy of the
	// original field).

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			v := value(f)
			r := v.FieldByIndex(index)
			getFrame(f, l).data[i] = r
			if r.Bool() {
				return tnext
			}
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			v := value(f)
			getFrame(f, l).data[i] = v.FieldByIndex(index)
			return tnext
		}
	}
}

func getPtrIndexSeq(n *node) {
	index := n.val.([]int)
	tnext := getExec(n.tnext)
	value := genValue(n.child[0])
	i := n.findex
	l := n.level

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			r := value(f).Elem().FieldByIndex(index)
			getFrame(f, l).data[i] = r
			if r.Bool() {
				return tnext
			}
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			getFrame(f, l).data[i] = value(f).Elem().FieldByIndex(index)
			return tnext
		}
	}
}

func getIndexSeqField(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	i := n.findex
	l := n.level
	tnext := getExec(n.tnext)

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
			n.exec = func(f *frame) bltn {
				r := value(f).Elem().FieldByIndex(index)
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				r := value(f).FieldByIndex(index)
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		}
	} else {
		if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Elem().FieldByIndex(index)
				return tnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).FieldByIndex(index)
				return tnext
			}
		}
	}
}

func getIndexSeqPtrMethod(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	fi := index[1:]
	mi := index[0]
	i := n.findex
	l := n.level
	next := getExec(n.tnext)

	if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Elem().FieldByIndex(fi).Addr().Method(mi)
				return next
			}
		}
	} else {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Addr().Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).FieldByIndex(fi).Addr().Method(mi)
				return next
			}
		}
	}
}

func getIndexSeqMethod(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	fi := index[1:]
	mi := index[0]
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	recv := binReceiver(n) // culab patch 72: a promoted method's receiver is copied when the method value is made

	if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = recv(value(f).Elem()).Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = recv(value(f).Elem().FieldByIndex(fi)).Method(mi)
				return next
			}
		}
	} else {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = recv(value(f)).Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = recv(value(f).FieldByIndex(fi)).Method(mi)
				return next
			}
		}
	}
}

func neg(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	next := getExec(n.tnext)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface

	switch n.typ.TypeOf().Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Int()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetInt(-value(f).Int())
			return next
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Uint()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetUint(-value(f).Uint())
			return next
		}
	case reflect.Float32, reflect.Float64:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Float()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetFloat(-value(f).Float())
			return next
		}
	case reflect.Complex64, reflect.Complex128:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Complex()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetComplex(-value(f).Complex())
			return next
		}
	}
}

func pos(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		dest(f).Set(value(f))
		return next
	}
}

func bitNot(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	next := getExec(n.tnext)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface

	switch typ.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(^value(f).Int()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetInt(^value(f).Int())
			return next
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(^value(f).Uint()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetUint(^value(f).Uint())
			return next
		}
	}
}

func land(n *node) {
	value0 := genValue(n.child[0])
	value1 := genValue(n.child[1])
	tnext := getExec(n.tnext)
	dest := genValue(n)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			if value0(f).Bool() && value1(f).Bool() {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
		return
	}
	if isInterface {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(value0(f).Bool() && value1(f).Bool()).Convert(typ))
			return tnext
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetBool(value0(f).Bool() && value1(f).Bool())
		return tnext
	}
}

func lor(n *node) {
	value0 := genValue(n.child[0])
	value1 := genValue(n.child[1])
	tnext := getExec(n.tnext)
	dest := genValue(n)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			if value0(f).Bool() || value1(f).Bool() {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
		return
	}
	if isInterface {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(value0(f).Bool() || value1(f).Bool()).Convert(typ))
			return tnext
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetBool(value0(f).Bool() || value1(f).Bool())
		return tnext
	}
}

func nop(n *node) {
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		return next
	}
}

func branch(n *node) {
	tnext := getExec(n.tnext)
	fnext := getExec(n.fnext)
	value := genValue(n)

	n.exec = func(f *frame) bltn {
		if value(f).Bool() {
			return tnext
		}
		return fnext
	}
}

func _return(n *node) {
	child := n.child
	def := n.val.(*node)
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		switch t := def.typ.ret[i]; t.cat {
		case errorT:
			values[i] = genInterfaceWrapper(c, t.TypeOf())
		case funcT:
			values[i] = genValue(c)
		case valueT:
			switch t.rtype.Kind() {
			case reflect.Interface:
				values[i] = genInterfaceWrapper(c, t.TypeOf())
				continue
			case reflect.Func:
				values[i] = genFunctionWrapper(c)
				continue
			}
			fallthrough
		default:
			switch {
			case isInterfaceSrc(t):
				if len(t.field) == 0 {
					// empty interface case.
					// we can't let genValueInterface deal with it, because we call on c,
					// not on n, which means that the interfaceT knowledge is lost.
					if hasMethods(c.typ) && !isInterface(c.typ) {
						// culab patch 127: a value of a cell type with
						// methods returned as an any keeps them, as
						// var a any = v and any(v) do.
						values[i] = genValueInterface(c)
						break
					}
					if values[i] = genValueTagged(c); values[i] == nil { // culab patch 47
						values[i] = genValue(c)
					}
					break
				}
				values[i] = genValueInterface(c)
			case c.typ.untyped:
				values[i] = genValueAs(c, t.TypeOf())
			default:
				values[i] = genValue(c)
			}
		}
	}

	switch len(child) {
	case 0:
		n.exec = nil
	case 1:
		switch {
		case !child[0].rval.IsValid() && child[0].kind == binaryExpr && child[0].findex == 0: // culab patch 98: or in a slot of its own
			// No additional runtime operation is necessary for constants (not in frame) or
			// binary expressions (stored directly at the right location in frame).
			n.exec = nil
		case isCall(child[0]) && n.child[0].typ.id() == def.typ.ret[0].id():
			// Calls are optmized as long as no type conversion is involved.
			n.exec = nil
		default:
			// Regular return: store the value to return at to start of the frame.
			v := values[0]
			n.exec = func(f *frame) bltn {
				f.data[0].Set(v(f))
				return nil
			}
		}
	case 2:
		v0, v1 := values[0], values[1]
		n.exec = func(f *frame) bltn {
			f.data[0].Set(v0(f))
			f.data[1].Set(v1(f))
			return nil
		}
	default:
		n.exec = func(f *frame) bltn {
			for i, value := range values {
				f.data[i].Set(value(f))
			}
			return nil
		}
	}
}

func arrayLit(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}

	values := make([]func(*frame) reflect.Value, len(child))
	index := make([]int, len(child))
	var max, prev int

	ntyp := n.typ.resolveAlias()
	ptr := ntyp.cat == ptrT // culab patch 90: an elided &[]T{...} ({...} of a []*[]T)
	if ptr {
		ntyp = ntyp.val
	}
	for i, c := range child {
		if c.kind == keyValueExpr {
			values[i] = genDestValue(ntyp.val, c.child[1])
			index[i] = int(vInt(c.child[0].rval))
		} else {
			values[i] = genDestValue(ntyp.val, c)
			index[i] = prev
		}
		prev = index[i] + 1
		if prev > max {
			max = prev
		}
	}

	typ := ntyp.frameType()
	kind := typ.Kind()
	fresh := declaredIn(n) // culab patch 68
	n.exec = func(f *frame) bltn {
		var a reflect.Value
		if kind == reflect.Slice {
			a = reflect.MakeSlice(typ, max, max)
		} else {
			a, _ = ntyp.zero()
		}
		for i, v := range values {
			a.Index(index[i]).Set(v(f))
		}
		if ptr {
			p := reflect.New(typ)
			p.Elem().Set(a)
			a = p
		}
		if fresh {
			newVar(f, n, a)
			return next
		}
		value(f).Set(a)
		return next
	}
}

func mapLit(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}
	mtyp := n.typ
	ptr := mtyp.cat == ptrT // culab patch 90: an elided &map[K]V{...}
	if ptr {
		mtyp = mtyp.val
	}
	typ := mtyp.frameType()
	keys := make([]func(*frame) reflect.Value, len(child))
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		keys[i] = genDestValue(mtyp.key, c.child[0])
		values[i] = genDestValue(mtyp.val, c.child[1])
	}

	fresh := declaredIn(n) // culab patch 68
	n.exec = func(f *frame) bltn {
		m := reflect.MakeMap(typ)
		for i, k := range keys {
			mapSet(m, k(f), values[i](f))
		}
		if ptr {
			p := reflect.New(typ)
			p.Elem().Set(m)
			m = p
		}
		if fresh {
			newVar(f, n, m)
			return next
		}
		value(f).Set(m)
		return next
	}
}

func compositeBinMap(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}
	typ := n.typ.frameType()
	keys := make([]func(*frame) reflect.Value, len(child))
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		convertLiteralValue(c.child[0], typ.Key())
		convertLiteralValue(c.child[1], typ.Elem())
		keys[i] = genValue(c.child[0])

		if isFuncSrc(c.child[1].typ) {
			values[i] = genFunctionWrapper(c.child[1])
		} else {
			values[i] = genValue(c.child[1])
		}
	}

	n.exec = func(f *frame) bltn {
		m := reflect.MakeMap(typ)
		for i, k := range keys {
			mapSet(m, k(f), values[i](f))
		}
		value(f).Set(m)
		return next
	}
}

func compositeBinSlice(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}

	values := make([]func(*frame) reflect.Value, len(child))
	index := make([]int, len(child))
	rtype := n.typ.rtype.Elem()
	var max, prev int

	for i, c := range child {
		if c.kind == keyValueExpr {
			convertLiteralValue(c.child[1], rtype)
			values[i] = genValue(c.child[1])
			index[i] = int(vInt(c.child[0].rval))
		} else {
			convertLiteralValue(c, rtype)
			values[i] = genValue(c)
			index[i] = prev
		}
		prev = index[i] + 1
		if prev > max {
			max = prev
		}
	}

	typ := n.typ.frameType()
	kind := typ.Kind()
	n.exec = func(f *frame) bltn {
		var a reflect.Value
		if kind == reflect.Slice {
			a = reflect.MakeSlice(typ, max, max)
		} else {
			a, _ = n.typ.zero()
		}
		for i, v := range values {
			a.Index(index[i]).Set(v(f))
		}
		value(f).Set(a)
		return next
	}
}

// doCompositeBinStruct creates and populates a struct object from a binary type.
func doCompositeBinStruct(n *node, hasType bool) {
	next := getExec(n.tnext)
	value := valueGenerator(n, n.findex)
	typ := n.typ.rtype
	if n.typ.cat == ptrT || n.typ.cat == linkedT {
		typ = n.typ.val.rtype
	}
	child := n.child
	if hasType {
		child = n.child[1:]
	}
	values := make([]func(*frame) reflect.Value, len(child))
	fieldIndex := make([][]int, len(child))
	for i, c := range child {
		if c.kind == keyValueExpr {
			if sf, ok := typ.FieldByName(c.child[0].ident); ok {
				fieldIndex[i] = sf.Index
				convertLiteralValue(c.child[1], sf.Type)
				if isFuncSrc(c.child[1].typ) {
					values[i] = genFunctionWrapper(c.child[1])
				} else {
					values[i] = genValue(c.child[1])
				}
			}
		} else {
			fieldIndex[i] = []int{i}
			if isFuncSrc(c.typ) && len(c.child) > 1 {
				convertLiteralValue(c.child[1], typ.Field(i).Type)
				values[i] = genFunctionWrapper(c.child[1])
			} else {
				convertLiteralValue(c, typ.Field(i).Type)
				values[i] = genValue(c)
			}
		}
	}

	frameIndex := n.findex
	l := n.level

	n.exec = func(f *frame) bltn {
		s := reflect.New(typ).Elem()
		for i, v := range values {
			s.FieldByIndex(fieldIndex[i]).Set(v(f))
		}
		d := value(f)
		switch {
		case d.Kind() == reflect.Ptr:
			d.Set(s.Addr())
		default:
			getFrame(f, l).data[frameIndex] = s
		}
		return next
	}
}

func compositeBinStruct(n *node)       { doCompositeBinStruct(n, true) }
func compositeBinStructNotype(n *node) { doCompositeBinStruct(n, false) }

func destType(n *node) *itype {
	switch n.anc.kind {
	case assignStmt, defineStmt:
		// culab patch 7: the destination's type only where the literal is
		// built in the destination's slot (the assignStmt case of cfg); in
		// a multiple assignment, or into a map entry or a pointer, it is
		// built in its own slot and assigned after.
		if d := n.anc.child[0]; n.findex == d.findex && n.level == d.level {
			return d.typ
		}
		return n.typ
	default:
		return n.typ
	}
}

func doComposite(n *node, hasType bool, keyed bool) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	typ := n.typ
	if typ.cat == ptrT || typ.cat == linkedT {
		typ = typ.val
	}
	child := n.child
	if hasType {
		child = n.child[1:]
	}
	destInterface := isInterfaceSrc(destType(n))

	values := make(map[int]func(*frame) reflect.Value)
	for i, c := range child {
		var val *node
		var fieldIndex int
		if keyed {
			val = c.child[1]
			fieldIndex = typ.fieldIndex(c.child[0].ident)
		} else {
			val = c
			fieldIndex = i
		}
		ft := typ.field[fieldIndex].typ
		rft := ft.TypeOf()
		convertLiteralValue(val, rft)
		if values[fieldIndex] = genValueAsAny(ft, val); values[fieldIndex] != nil { // culab patch 47
			continue
		}
		switch {
		case val.typ.cat == nilT:
			values[fieldIndex] = func(*frame) reflect.Value { return reflect.New(rft).Elem() }
		case isNamedFuncSrc(val.typ):
			values[fieldIndex] = genValueAsFunctionWrapper(val)
		case isInterfaceSrc(ft) && (!isEmptyInterface(ft) || hasMethods(val.typ)):
			values[fieldIndex] = genValueInterface(val)
		case isInterface(ft):
			values[fieldIndex] = genInterfaceWrapper(val, rft)
		default:
			values[fieldIndex] = genValue(val)
		}
	}

	frameIndex := n.findex
	l := n.level
	rt := typ.TypeOf()
	// culab patch 61: a literal assigned (=) to an existing variable, in
	// whose slot it is built, is copied into the variable, which a pointer
	// or the caller (a named result) may share; a new slot is for := and
	// var, where the variable is a new one.
	inPlace := n.anc.kind == assignStmt && n.anc.child[0].findex == n.findex && n.anc.child[0].level == n.level

	n.exec = func(f *frame) bltn {
		a := reflect.New(rt).Elem()
		for i, v := range values {
			a.Field(i).Set(v(f))
		}
		d := value(f)
		switch {
		case d.Kind() == reflect.Ptr:
			d.Set(a.Addr())
		case destInterface:
			if len(destType(n).field) > 0 {
				d.Set(reflect.ValueOf(valueInterface{n, a}))
				break
			}
			d.Set(a)
		case inPlace && d.IsValid() && d.CanSet() && d.Type() == a.Type():
			d.Set(a)
		default:
			getFrame(f, l).data[frameIndex] = a
		}
		return next
	}
}

// doCompositeLit creates and populates a struct object.
func doCompositeLit(n *node, hasType bool) {
	doComposite(n, hasType, false)
}

func compositeLit(n *node)       { doCompositeLit(n, true) }
func compositeLitNotype(n *node) { doCompositeLit(n, false) }

// doCompositeLitKeyed creates a struct Object, filling fields from sparse key-values.
func doCompositeLitKeyed(n *node, hasType bool) {
	doComposite(n, hasType, true)
}

func compositeLitKeyed(n *node)       { doCompositeLitKeyed(n, true) }
func compositeLitKeyedNotype(n *node) { doCompositeLitKeyed(n, false) }

func empty(n *node) {}

func _range(n *node) {
	// culab patches 11 and 12: the next index (the next byte position of
	// a string) has its own slot, as the body may change the key; the
	// key of a string is its rune's byte position, with a value or not;
	// the iteration variables are new at each iteration if the body may
	// keep them.
	index0 := n.child[0].findex // array index location in frame
	index2 := index0 - 1        // shallow array for range, always just behind index0
	index3 := index2 - 1        // next index or string position
	fnext := getExec(n.fnext)
	tnext := getExec(n.tnext)
	body := n.lastChild()
	freshKey := loopVarsEscape([]*symbol{n.child[0].sym}, body)

	var value func(*frame) reflect.Value
	an, index1, freshVal := n.child[1], -1, false // index1: the value's slot, if any
	if len(n.child) == 4 {
		an, index1 = n.child[2], n.child[1].findex
		freshVal = loopVarsEscape([]*symbol{n.child[1].sym}, body)
	}
	// vars returns the key and value variables of an iteration.
	vars := func(f *frame) (k, v reflect.Value) {
		if k = f.data[index0]; freshKey {
			k = freshVar(f, index0)
		}
		if index1 >= 0 {
			if v = f.data[index1]; freshVal {
				v = freshVar(f, index1)
			}
		}
		return k, v
	}
	if isString(an.typ.TypeOf()) {
		str := genValue(an)
		value = func(f *frame) reflect.Value { return reflect.ValueOf(str(f).String()) }
		n.exec = func(f *frame) bltn {
			s := f.data[index2].String()
			pos := int(f.data[index3].Int())
			if pos >= len(s) {
				return fnext
			}
			r, size := utf8.DecodeRuneInString(s[pos:])
			f.data[index3].SetInt(int64(pos + size))
			k, v := vars(f)
			k.SetInt(int64(pos))
			if index1 >= 0 {
				v.SetInt(int64(r))
			}
			return tnext
		}
	} else {
		value = genValueRangeArray(an)
		if index1 < 0 && an.typ.TypeOf().Kind() == reflect.Ptr {
			// culab patch 55: a range over a pointer to an array with
			// the key only does not dereference it (its length is the
			// type's): a nil pointer gives the indexes, as in Go.
			ptr := genValue(an)
			value = func(f *frame) reflect.Value {
				p := ptr(f)
				if p.IsNil() {
					return reflect.Zero(p.Type().Elem())
				}
				return p.Elem()
			}
		}
		n.exec = func(f *frame) bltn {
			a := f.data[index2]
			next := f.data[index3]
			i := int(next.Int())
			if i >= a.Len() {
				return fnext
			}
			next.SetInt(int64(i + 1))
			k, v := vars(f)
			k.SetInt(int64(i))
			if index1 >= 0 {
				v.Set(a.Index(i))
			}
			return tnext
		}
		if !freshKey && !freshVal && index1 >= 0 {
			// The common loop, without the indirection.
			n.exec = func(f *frame) bltn {
				a := f.data[index2]
				next := f.data[index3]
				i := int(next.Int())
				if i >= a.Len() {
					return fnext
				}
				next.SetInt(int64(i + 1))
				f.data[index0].SetInt(int64(i))
				f.data[index1].Set(a.Index(i))
				return tnext
			}
		}
	}

	// Init sequence
	next := n.exec
	n.child[0].exec = func(f *frame) bltn {
		f.data[index2] = value(f) // set array shallow copy for range
		f.data[index3].SetInt(0)
		return next
	}
}

func rangeChan(n *node) {
	elem := iterationVar(n.child[0], n.lastChild()) // culab patch 11
	value := genValue(n.child[1])                   // chan
	fnext := getExec(n.fnext)
	tnext := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		f.mutex.RLock()
		done := f.done
		f.mutex.RUnlock()

		chosen, v, ok := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: value(f)}})
		if chosen == 0 {
			return nil
		}
		if !ok {
			return fnext
		}
		elem(f).Set(v)
		return tnext
	}
}

func rangeMap(n *node) {
	index0 := n.child[0].findex // map index location in frame
	index2 := index0 - 1        // iterator for range, always just behind index0
	fnext := getExec(n.fnext)
	tnext := getExec(n.tnext)
	key := iterationVar(n.child[0], n.lastChild()) // culab patch 11

	var value func(*frame) reflect.Value
	if len(n.child) == 4 {
		elem := iterationVar(n.child[1], n.lastChild()) // culab patch 11
		value = genValue(n.child[2])                    // map
		n.exec = func(f *frame) bltn {
			iter := f.data[index2].Interface().(*reflect.MapIter)
			k, v, ok := mapNext(iter, true) // culab patch 144
			if !ok {
				return fnext
			}
			key(f).Set(k)
			elem(f).Set(v)
			return tnext
		}
	} else {
		value = genValue(n.child[1]) // map
		n.exec = func(f *frame) bltn {
			iter := f.data[index2].Interface().(*reflect.MapIter)
			k, _, ok := mapNext(iter, false) // culab patch 144
			if !ok {
				return fnext
			}
			key(f).Set(k)
			return tnext
		}
	}

	// Init sequence
	next := n.exec
	n.child[0].exec = func(f *frame) bltn {
		f.data[index2].Set(reflect.ValueOf(value(f).MapRange()))
		return next
	}
}

func _case(n *node) {
	tnext := getExec(n.tnext)

	// TODO(mpl): a lot of what is done in typeAssert should probably be redone/reused here.
	switch {
	case n.anc.anc.kind == typeSwitch:
		typeSwitchCase(n) // culab patch 22

	case len(n.child) <= 1: // default clause
		n.exec = func(f *frame) bltn { return tnext }

	default:
		fnext := getExec(n.fnext)
		l := len(n.anc.anc.child)
		value := genValue(n.anc.anc.child[l-2])
		values := make([]func(*frame) reflect.Value, len(n.child)-1)
		for i := range values {
			values[i] = genValue(n.child[i])
		}
		ttag := n.anc.anc.child[l-2].typ
		n.exec = func(f *frame) bltn {
			v0 := value(f)
			for i, v := range values {
				if caseEqual(n.interp, v0, v(f), ttag, n.child[i].typ) { // culab patch 23
					return tnext
				}
			}
			return fnext
		}
	}
}

func appendSlice(n *node) {
	dest := genValueOutput(n, n.typ.rtype)
	next := getExec(n.tnext)
	value := genValue(n.child[1])
	value0 := genValue(n.child[2])

	o := &n.interp.opt
	if isString(n.child[2].typ.TypeOf()) {
		typ := reflect.TypeOf([]byte{})
		n.exec = func(f *frame) bltn {
			s, t := value(f), value0(f).Convert(typ)
			o.checkAppend(s, t.Len()) // culab patch 43
			dest(f).Set(reflect.AppendSlice(s, t))
			return next
		}
	} else {
		n.exec = func(f *frame) bltn {
			s, t := value(f), value0(f)
			o.checkAppend(s, t.Len()) // culab patch 43
			dest(f).Set(reflect.AppendSlice(s, t))
			return next
		}
	}
}

func _append(n *node) {
	if len(n.child) == 3 && n.action == aCallSlice && isNilSlice(n.child[2].rval) {
		appendNil(n) // culab patch 95
		return
	}
	if len(n.child) == 3 {
		c1, c2 := n.child[1], n.child[2]
		if (c1.typ.cat == valueT || c2.typ.cat == valueT) && c1.typ.rtype == c2.typ.rtype ||
			isArray(c2.typ) && c2.typ.elem().id() == n.typ.elem().id() ||
			isByteArray(c1.typ.TypeOf()) && isString(c2.typ.TypeOf()) {
			appendSlice(n)
			return
		}
	}

	dest := genValueOutput(n, n.typ.rtype)
	value := genValue(n.child[1])
	next := getExec(n.tnext)

	switch l := len(n.child); {
	case l == 2:
		n.exec = func(f *frame) bltn {
			dest(f).Set(value(f))
			return next
		}
	case l > 3:
		args := n.child[2:]
		l := len(args)
		values := make([]func(*frame) reflect.Value, l)
		for i, arg := range args {
			if values[i] = genValueAsAny(n.typ.elem(), arg); values[i] != nil { // culab patch 47
				continue
			}
			switch elem := n.typ.elem(); {
			case isInterfaceSrc(elem) && (!isEmptyInterface(elem) || hasMethods(arg.typ)):
				values[i] = genValueInterface(arg)
			case isInterfaceBin(elem):
				values[i] = genInterfaceWrapper(arg, elem.rtype)
			case arg.typ.untyped:
				values[i] = genValueAs(arg, n.child[1].typ.TypeOf().Elem())
			default:
				values[i] = genValue(arg)
			}
		}

		o := &n.interp.opt
		n.exec = func(f *frame) bltn {
			sl := make([]reflect.Value, l)
			for i, v := range values {
				sl[i] = v(f)
			}
			s := value(f)
			o.checkAppend(s, l) // culab patch 43
			dest(f).Set(reflect.Append(s, sl...))
			return next
		}
	default:
		value0 := genValueAsAny(n.typ.elem(), n.child[2]) // culab patch 47
		switch elem := n.typ.elem(); {
		case value0 != nil:
		case isInterfaceSrc(elem) && (!isEmptyInterface(elem) || hasMethods(n.child[2].typ)):
			value0 = genValueInterface(n.child[2])
		case isInterfaceBin(elem):
			value0 = genInterfaceWrapper(n.child[2], elem.rtype)
		case n.child[2].typ.untyped:
			value0 = genValueAs(n.child[2], n.child[1].typ.TypeOf().Elem())
		default:
			value0 = genValue(n.child[2])
		}

		o := &n.interp.opt
		n.exec = func(f *frame) bltn {
			s, v := value(f), value0(f)
			o.checkAppend(s, 1) // culab patch 43
			dest(f).Set(reflect.Append(s, v))
			return next
		}
	}
}

func _cap(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(int(0)))
	value := genValue(n.child[1])
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(value(f).Cap()))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetInt(int64(value(f).Cap()))
		return next
	}
}

func _copy(n *node) {
	in := []func(*frame) reflect.Value{genValueArray(n.child[1]), genValue(n.child[2])}
	out := []func(*frame) reflect.Value{genValueOutput(n, reflect.TypeOf(0))}

	genBuiltinDeferWrapper(n, in, out, func(args []reflect.Value) []reflect.Value {
		cnt := reflect.Copy(args[0], args[1])
		return []reflect.Value{reflect.ValueOf(cnt)}
	})
}

func _close(n *node) {
	in := []func(*frame) reflect.Value{genValue(n.child[1])}

	genBuiltinDeferWrapper(n, in, nil, func(args []reflect.Value) []reflect.Value {
		args[0].Close()
		return nil
	})
}

func _complex(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(complex(0, 0)))
	c1, c2 := n.child[1], n.child[2]
	convertLiteralValue(c1, floatType)
	convertLiteralValue(c2, floatType)
	value0 := genValue(c1)
	value1 := genValue(c2)
	next := getExec(n.tnext)

	typ := n.typ.TypeOf()
	if isComplex(typ) {
		if wantEmptyInterface(n) {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(complex(value0(f).Float(), value1(f).Float())))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetComplex(complex(value0(f).Float(), value1(f).Float()))
			return next
		}
		return
	}
	// Not a complex type: ignore imaginary part
	n.exec = func(f *frame) bltn {
		dest(f).Set(value0(f).Convert(typ))
		return next
	}
}

func _imag(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(float64(0)))
	convertLiteralValue(n.child[1], complexType)
	value := genValue(n.child[1])
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(imag(value(f).Complex())))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetFloat(imag(value(f).Complex()))
		return next
	}
}

func _real(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(float64(0)))
	convertLiteralValue(n.child[1], complexType)
	value := genValue(n.child[1])
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(real(value(f).Complex())))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetFloat(real(value(f).Complex()))
		return next
	}
}

func _delete(n *node) {
	value0 := genValue(n.child[1]) // map
	value1 := genValue(n.child[2]) // key
	in := []func(*frame) reflect.Value{value0, value1}
	var z reflect.Value

	genBuiltinDeferWrapper(n, in, nil, func(args []reflect.Value) []reflect.Value {
		mapSet(args[0], args[1], z)
		return nil
	})
}

func capConst(n *node) {
	// There is no Cap() method for reflect.Type, just return Len() instead.
	lenConst(n)
}

func lenConst(n *node) {
	n.rval = reflect.New(reflect.TypeOf(int(0))).Elem()
	c1 := n.child[1]
	if c1.rval.IsValid() {
		n.rval.SetInt(int64(len(vString(c1.rval))))
		return
	}
	t := c1.typ.TypeOf()
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	n.rval.SetInt(int64(t.Len()))
}

func _len(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(int(0)))
	value := genValue(n.child[1])
	length := func(f *frame) int { return value(f).Len() }
	if isPtr(n.child[1].typ) {
		// culab patch 55: the length of a pointer to an array is its
		// type's, which a nil pointer has too: Go does not dereference it
		// (len(np) of a nil *[3]int is 3; it was a nil dereference).
		length = func(f *frame) int {
			t := value(f).Type()
			for t.Kind() == reflect.Ptr {
				t = t.Elem()
			}
			return t.Len()
		}
	}
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(length(f)))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetInt(int64(length(f)))
		return next
	}
}

func _new(n *node) {
	next := getExec(n.tnext)
	t1 := n.child[1].typ
	typ := t1.TypeOf()
	dest := genValueOutput(n, reflect.PtrTo(typ))

	if isInterfaceSrc(t1) && (!isEmptyInterface(t1) || len(t1.method) > 0) {
		typ = zeroInterfaceValue().Type()
	}

	o, size := &n.interp.opt, int64(typ.Size())
	init := newInit(n.child[1], typ)
	n.exec = func(f *frame) bltn {
		o.guardAlloc("new", size) // culab patch 45
		v := reflect.New(typ)
		if vi, ok := v.Interface().(*valueInterface); ok {
			vi.node = n
		}
		if init != nil {
			v.Elem().Set(init(f))
		}
		dest(f).Set(v)
		return next
	}
}

// _make allocates and initializes a slice, a map or a chan.
func _make(n *node) {
	next := getExec(n.tnext)
	typ := n.child[1].typ.frameType()
	dest := genValueOutput(n, typ)

	switch typ.Kind() {
	case reflect.Array, reflect.Slice:
		value := genValue(n.child[2])
		o := &n.interp.opt

		switch len(n.child) {
		case 3:
			n.exec = func(f *frame) bltn {
				length := int(vInt(value(f)))
				dest(f).Set(makeSliceChecked(typ, length, length, o)) // culab patches 34, 43
				return next
			}
		case 4:
			value1 := genValue(n.child[3])
			n.exec = func(f *frame) bltn {
				dest(f).Set(makeSliceChecked(typ, int(vInt(value(f))), int(vInt(value1(f))), o)) // culab patches 34, 43
				return next
			}
		}

	case reflect.Chan:
		switch len(n.child) {
		case 2:
			n.exec = func(f *frame) bltn {
				dest(f).Set(makeChan(typ, 0)) // culab patch 95
				return next
			}
		case 3:
			value := genValue(n.child[2])
			n.exec = func(f *frame) bltn {
				dest(f).Set(n.interp.opt.makeChanChecked(typ, int(vInt(value(f))))) // culab patch 43
				return next
			}
		}

	case reflect.Map:
		switch len(n.child) {
		case 2:
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.MakeMap(typ))
				return next
			}
		case 3:
			value := genValue(n.child[2])
			n.exec = func(f *frame) bltn {
				dest(f).Set(n.interp.opt.makeMapChecked(typ, int(vInt(value(f))))) // culab patch 43
				return next
			}
		}
	}
}

func reset(n *node) {
	next := getExec(n.tnext)

	switch l := len(n.child) - 1; l {
	case 1:
		typ := n.child[0].typ.frameType()
		i := n.child[0].findex
		n.exec = func(f *frame) bltn {
			f.data[i] = reflect.New(typ).Elem()
			return next
		}
	case 2:
		c0, c1 := n.child[0], n.child[1]
		i0, i1 := c0.findex, c1.findex
		t0, t1 := c0.typ.frameType(), c1.typ.frameType()
		n.exec = func(f *frame) bltn {
			f.data[i0] = reflect.New(t0).Elem()
			f.data[i1] = reflect.New(t1).Elem()
			return next
		}
	default:
		types := make([]reflect.Type, l)
		index := make([]int, l)
		for i, c := range n.child[:l] {
			index[i] = c.findex
			types[i] = c.typ.frameType()
		}
		n.exec = func(f *frame) bltn {
			for i, ind := range index {
				f.data[ind] = reflect.New(types[i]).Elem()
			}
			return next
		}
	}
}

// recv reads from a channel.
func recv(n *node) {
	value := genValue(n.child[0])
	tnext := getExec(n.tnext)
	i := n.findex
	l := n.level

	if n.interp.cancelChan {
		// Cancellable channel read
		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				// Fast: channel read doesn't block
				ch := value(f)
				if r, ok := ch.TryRecv(); ok {
					getFrame(f, l).data[i] = r
					if r.Bool() {
						return tnext
					}
					return fnext
				}
				// Slow: channel read blocks, allow cancel
				f.mutex.RLock()
				done := f.done
				f.mutex.RUnlock()

				chosen, v, _ := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: ch}})
				if chosen == 0 {
					return nil
				}
				if v.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				// Fast: channel read doesn't block
				ch := value(f)
				if r, ok := ch.TryRecv(); ok {
					getFrame(f, l).data[i] = r
					return tnext
				}
				// Slow: channel is blocked, allow cancel
				f.mutex.RLock()
				done := f.done
				f.mutex.RUnlock()

				var chosen int
				chosen, getFrame(f, l).data[i], _ = reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: ch}})
				if chosen == 0 {
					return nil
				}
				return tnext
			}
		}
	} else {
		// Blocking channel read (less overhead)
		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				if r, _ := value(f).Recv(); r.Bool() {
					getFrame(f, l).data[i] = r
					return tnext
				}
				return fnext
			}
		} else {
			i := n.findex
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i], _ = value(f).Recv()
				return tnext
			}
		}
	}
}

func recv2(n *node) {
	vchan := genValue(n.child[0]) // chan
	// culab patch 77: a blank result or status (_, ok = <-ch; v, _ := <-ch)
	// is not stored: the blank identifier's frame index is another
	// variable's, which got the value (reflect.Set panicked, or worse).
	vres, vok := recvStore(n.anc.child[0]), recvStatus(n.anc.child[1])
	tnext := getExec(n.tnext)
	defer freshBefore(n) // culab patch 76

	if n.interp.cancelChan {
		// Cancellable channel read
		n.exec = func(f *frame) bltn {
			ch := vchan(f)
			//  Fast: channel read doesn't block
			if v, ok := ch.TryRecv(); ok {
				vres(f, v)
				vok(f, true)
				return tnext
			}
			// Slow: channel is blocked, allow cancel
			f.mutex.RLock()
			done := f.done
			f.mutex.RUnlock()

			chosen, v, ok := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: ch}})
			if chosen == 0 {
				return nil
			}
			vres(f, v)
			vok(f, ok)
			return tnext
		}
	} else {
		// Blocking channel read (less overhead)
		n.exec = func(f *frame) bltn {
			v, ok := vchan(f).Recv()
			vres(f, v)
			vok(f, ok)
			return tnext
		}
	}
}

func convertLiteralValue(n *node, t reflect.Type) {
	switch {
	case n.typ.cat == nilT:
		// Create a zero value of target type.
		n.rval = reflect.New(t).Elem()
	case !(n.kind == basicLit || n.rval.IsValid()) || t == nil || t.Kind() == reflect.Interface || t == valueInterfaceType || t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Interface:
		// Skip non-constant values, undefined target type or interface target type.
	case n.rval.IsValid():
		// Convert constant value to target type.
		convertConstantValue(n)
		n.rval = n.rval.Convert(t)
	default:
		// Create a zero value of target type.
		n.rval = reflect.New(t).Elem()
	}
}

func convertConstantValue(n *node) {
	if !n.rval.IsValid() {
		return
	}
	c, ok := n.rval.Interface().(constant.Value)
	if !ok {
		return
	}

	var v reflect.Value

	switch c.Kind() {
	case constant.Bool:
		v = reflect.ValueOf(constant.BoolVal(c))
	case constant.String:
		v = reflect.ValueOf(constant.StringVal(c))
	case constant.Int:
		i, x := constant.Int64Val(c)
		if !x {
			panic(n.cfgErrorf("constant %s overflows int64", c.ExactString()))
		}
		v = reflect.ValueOf(int(i))
	case constant.Float:
		f, _ := constant.Float64Val(c)
		v = reflect.ValueOf(f)
	case constant.Complex:
		r, _ := constant.Float64Val(constant.Real(c))
		i, _ := constant.Float64Val(constant.Imag(c))
		v = reflect.ValueOf(complex(r, i))
	}

	n.rval = v.Convert(n.typ.TypeOf())
}

// Write to a channel.
func send(n *node) {
	next := getExec(n.tnext)
	c0, c1 := n.child[0], n.child[1]
	value0 := genValue(c0) // Send channel.
	value1 := genDestValue(c0.typ.val, c1)

	if !n.interp.cancelChan {
		// Send is non-cancellable, has the least overhead.
		n.exec = func(f *frame) bltn {
			value0(f).Send(value1(f))
			return next
		}
		return
	}

	// Send is cancellable, may have some overhead.
	n.exec = func(f *frame) bltn {
		ch, data := value0(f), value1(f)
		// Fast: send on channel doesn't block.
		if ok := ch.TrySend(data); ok {
			return next
		}
		// Slow: send on channel blocks, allow cancel.
		f.mutex.RLock()
		done := f.done
		f.mutex.RUnlock()

		chosen, _, _ := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectSend, Chan: ch, Send: data}})
		if chosen == 0 {
			return nil
		}
		return next
	}
}

func clauseChanDir(n *node) (*node, *node, *node, reflect.SelectDir) {
	dir := reflect.SelectDefault
	var nod, assigned, ok *node
	var stop bool

	n.Walk(func(m *node) bool {
		switch m.action {
		case aRecv:
			dir = reflect.SelectRecv
			nod = m.child[0]
			switch m.anc.action {
			case aAssign:
				assigned = m.anc.child[0]
			case aAssignX:
				assigned = m.anc.child[0]
				ok = m.anc.child[1]
			}
			stop = true
		case aSend:
			dir = reflect.SelectSend
			nod = m.child[0]
			assigned = m.child[1]
			stop = true
		}
		return !stop
	}, nil)
	return nod, assigned, ok, dir
}

func _select(n *node) {
	nbClause := len(n.child)
	chans := make([]*node, nbClause)
	assigned := make([]*node, nbClause)
	ok := make([]*node, nbClause)
	clause := make([]bltn, nbClause)
	chanValues := make([]func(*frame) reflect.Value, nbClause)
	assignedValues := make([]func(*frame) reflect.Value, nbClause)
	assignedStores := make([]func(*frame, reflect.Value), nbClause) // culab patch 10
	okStores := make([]func(*frame, reflect.Value), nbClause)
	cases := make([]reflect.SelectCase, nbClause+1)
	next := getExec(n.tnext)

	for i := 0; i < nbClause; i++ {
		cl := n.child[i]
		if cl.kind == commClauseDefault {
			cases[i].Dir = reflect.SelectDefault
			if len(cl.child) == 0 {
				clause[i] = func(*frame) bltn { return next }
			} else {
				clause[i] = getExec(cl.child[0].start)
			}
			continue
		}
		// The comm clause is in send or recv direction.
		switch c0 := cl.child[0]; {
		case len(cl.child) > 1 || c0.kind == assignStmt || c0.kind == assignXStmt:
			// The comm clause contains a channel operation and a clause body,
			// or assigns a receive without a body (culab patch 10: no case
			// took it, and reflect.Select panicked with "invalid Dir").
			if len(cl.child) > 1 {
				clause[i] = getExec(cl.child[1].start)
			} else {
				clause[i] = func(*frame) bltn { return next }
			}
			chans[i], assigned[i], ok[i], cases[i].Dir = clauseChanDir(c0)
			chanValues[i] = genValue(chans[i])
			switch {
			case assigned[i] != nil && cases[i].Dir == reflect.SelectSend:
				assignedValues[i] = genSelectSendValue(chans[i], assigned[i]) // culab patch 47
			case assigned[i] != nil && (c0.kind == defineStmt || c0.kind == defineXStmt):
				assignedValues[i] = genValue(assigned[i])
				assignedStores[i] = genDefineStore(assigned[i]) // culab patch 75
			case assigned[i] != nil:
				assignedValues[i] = genValue(assigned[i])
				assignedStores[i] = genStore(assigned[i]) // culab patch 10
			}
			switch {
			case ok[i] != nil && (c0.kind == defineStmt || c0.kind == defineXStmt):
				okStores[i] = genDefineStore(ok[i]) // culab patch 75
			case ok[i] != nil:
				okStores[i] = genStore(ok[i]) // culab patch 10
			}
		case c0.kind == exprStmt && len(c0.child) == 1 && c0.child[0].action == aRecv:
			// The comm clause has an empty body clause after channel receive.
			chanValues[i] = genValue(c0.child[0].child[0])
			cases[i].Dir = reflect.SelectRecv
			clause[i] = func(*frame) bltn { return next }
		case c0.kind == sendStmt:
			// The comm clause as an empty body clause after channel send.
			chanValues[i] = genValue(c0.child[0])
			cases[i].Dir = reflect.SelectSend
			assignedValues[i] = genSelectSendValue(c0.child[0], c0.child[1]) // culab patch 47
			clause[i] = func(*frame) bltn { return next }
		}
	}

	n.exec = func(f *frame) bltn {
		f.mutex.RLock()
		cases[nbClause] = f.done
		f.mutex.RUnlock()

		for i := range cases[:nbClause] {
			switch cases[i].Dir {
			case reflect.SelectRecv:
				cases[i].Chan = chanValues[i](f)
			case reflect.SelectSend:
				cases[i].Chan = chanValues[i](f)
				cases[i].Send = assignedValues[i](f)
			case reflect.SelectDefault:
				// Keep zero values for comm clause
			}
		}
		j, v, s := reflect.Select(cases)
		if j == nbClause {
			return nil
		}
		if cases[j].Dir == reflect.SelectRecv && assignedValues[j] != nil {
			assignedStores[j](f, v)
			if ok[j] != nil {
				okStores[j](f, reflect.ValueOf(s))
			}
		}
		return clause[j]
	}
}

// slice expression: array[low:high:max].
func slice(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	value0 := genValueArray(n.child[0]) // array
	value1 := genValue(n.child[1])      // low (if 2 or 3 args) or high (if 1 arg)

	switch len(n.child) {
	case 2:
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = sliceChecked(a, int(vInt(value1(f))), a.Len()) // culab patch 34
			return next
		}
	case 3:
		value2 := genValue(n.child[2]) // max

		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = sliceChecked(a, int(vInt(value1(f))), int(vInt(value2(f)))) // culab patch 34
			return next
		}
	case 4:
		value2 := genValue(n.child[2])
		value3 := genValue(n.child[3])

		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = slice3Checked(a, int(vInt(value1(f))), int(vInt(value2(f))), int(vInt(value3(f)))) // culab patch 34
			return next
		}
	}
}

// slice expression, no low value: array[:high:max].
func slice0(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	value0 := genValueArray(n.child[0])

	switch len(n.child) {
	case 1:
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = a.Slice(0, a.Len())
			return next
		}
	case 2:
		value1 := genValue(n.child[1])
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = sliceChecked(a, 0, int(vInt(value1(f)))) // culab patch 34
			return next
		}
	case 3:
		value1 := genValue(n.child[1])
		value2 := genValue(n.child[2])
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = slice3Checked(a, 0, int(vInt(value1(f))), int(vInt(value2(f)))) // culab patch 34
			return next
		}
	}
}

func isNilChild(child int) func(n *node) {
	return func(n *node) {
		var value func(*frame) reflect.Value
		child := n.child[child]
		value = genValue(child)
		typ := n.typ.concrete().TypeOf()
		isInterface := n.typ.TypeOf().Kind() == reflect.Interface
		tnext := getExec(n.tnext)
		dest := genValue(n)
		if n.fnext == nil {
			if !isInterfaceSrc(child.typ) {
				if isInterface {
					n.exec = func(f *frame) bltn {
						dest(f).Set(reflect.ValueOf(value(f).IsNil()).Convert(typ))
						return tnext
					}
					return
				}
				n.exec = func(f *frame) bltn {
					dest(f).SetBool(value(f).IsNil())
					return tnext
				}
				return
			}
			if isInterface {
				n.exec = func(f *frame) bltn {
					v := value(f)
					var r bool
					if vi, ok := v.Interface().(valueInterface); ok {
						r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
					} else {
						r = v.IsNil()
					}
					dest(f).Set(reflect.ValueOf(r).Convert(typ))
					return tnext
				}
				return
			}
			n.exec = func(f *frame) bltn {
				v := value(f)
				var r bool
				if vi, ok := v.Interface().(valueInterface); ok {
					r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
				} else {
					r = v.IsNil()
				}
				dest(f).SetBool(r)
				return tnext
			}
			return
		}

		fnext := getExec(n.fnext)

		if !isInterfaceSrc(child.typ) {
			n.exec = func(f *frame) bltn {
				if value(f).IsNil() {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).SetBool(false)
				return fnext
			}
			return
		}

		n.exec = func(f *frame) bltn {
			v := value(f)
			if vi, ok := v.Interface().(valueInterface); ok {
				if (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT) {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).SetBool(false)
				return fnext
			}
			if v.IsNil() {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
	}
}

func isNotNil(n *node) {
	var value func(*frame) reflect.Value
	c0 := n.child[0]
	value = genValue(c0)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface
	tnext := getExec(n.tnext)
	dest := genValue(n)

	if n.fnext == nil {
		if isInterfaceSrc(c0.typ) && c0.typ.TypeOf() != valueInterfaceType {
			if isInterface {
				n.exec = func(f *frame) bltn {
					dest(f).Set(reflect.ValueOf(!value(f).IsNil()).Convert(typ))
					return tnext
				}
				return
			}
			n.exec = func(f *frame) bltn {
				dest(f).SetBool(!value(f).IsNil())
				return tnext
			}
			return
		}

		if isInterface {
			n.exec = func(f *frame) bltn {
				v := value(f)
				var r bool
				if vi, ok := v.Interface().(valueInterface); ok {
					r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
				} else {
					r = v.IsNil()
				}
				dest(f).Set(reflect.ValueOf(!r).Convert(typ))
				return tnext
			}
			return
		}
		n.exec = func(f *frame) bltn {
			v := value(f)
			var r bool
			if vi, ok := v.Interface().(valueInterface); ok {
				r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
			} else {
				r = v.IsNil()
			}
			dest(f).SetBool(!r)
			return tnext
		}
		return
	}

	fnext := getExec(n.fnext)

	if isInterfaceSrc(c0.typ) && c0.typ.TypeOf() != valueInterfaceType {
		n.exec = func(f *frame) bltn {
			if value(f).IsNil() {
				dest(f).SetBool(false)
				return fnext
			}
			dest(f).SetBool(true)
			return tnext
		}
		return
	}

	n.exec = func(f *frame) bltn {
		v := value(f)
		if vi, ok := v.Interface().(valueInterface); ok {
			if (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT) {
				dest(f).SetBool(false)
				return fnext
			}
			dest(f).SetBool(true)
			return tnext
		}
		if v.IsNil() {
			dest(f).SetBool(false)
			return fnext
		}
		dest(f).SetBool(true)
		return tnext
	}
}

func complexConst(n *node) {
	if v0, v1 := n.child[1].rval, n.child[2].rval; v0.IsValid() && v1.IsValid() {
		n.rval = reflect.ValueOf(complex(vFloat(v0), vFloat(v1)))
		n.gen = nop
	}
}

func imagConst(n *node) {
	if v := n.child[1].rval; v.IsValid() {
		n.rval = reflect.ValueOf(imag(vComplex(v))) // culab patch 89: v may be a constant.Value
		n.gen = nop
	}
}

func realConst(n *node) {
	if v := n.child[1].rval; v.IsValid() {
		n.rval = reflect.ValueOf(real(vComplex(v))) // culab patch 89: v may be a constant.Value
		n.gen = nop
	}
}
