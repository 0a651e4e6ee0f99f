package interp

// culab patch 20: the verbs that fmt handles before a Formatter, for
// arguments of interpreted types (cellValue).

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// printCallee returns fn, a printing function whose format is its
// argument formatPos (-1: none), that first gives its arguments of
// interpreted types to %T as their types' names, and to %p, %w and '*' as
// the interpreter passes them (fmt handles these before calling a
// Formatter), and that ends with the stack overflow of a method that fmt
// called (see overflowed).
func printCallee(fn reflect.Value, formatPos int) reflect.Value {
	// The usual signatures are Go functions, faster to call than MakeFunc's.
	switch f := fn.Interface().(type) {
	case func(string, ...any) (int, error):
		return reflect.ValueOf(func(format string, a ...any) (int, error) {
			format, a = rewriteFormat(format, a)
			defer rethrowOverflow(a)
			return f(format, a...)
		})
	case func(string, ...any) string:
		return reflect.ValueOf(func(format string, a ...any) string {
			format, a = rewriteFormat(format, a)
			defer rethrowOverflow(a)
			return f(format, a...)
		})
	case func(string, ...any) error:
		return reflect.ValueOf(func(format string, a ...any) error {
			format, a = rewriteFormat(format, a)
			defer rethrowOverflow(a)
			return f(format, a...)
		})
	case func(...any) (int, error):
		return reflect.ValueOf(func(a ...any) (int, error) {
			defer rethrowOverflow(a)
			return f(stringOperands(a)...) // culab patch 134
		})
	case func(...any) string:
		return reflect.ValueOf(func(a ...any) string {
			defer rethrowOverflow(a)
			return f(stringOperands(a)...) // culab patch 134
		})
	}
	return reflect.MakeFunc(fn.Type(), func(in []reflect.Value) []reflect.Value {
		last := len(in) - 1
		args, ok := in[last].Interface().([]any)
		if !ok {
			return fn.CallSlice(in)
		}
		defer rethrowOverflow(args)
		if formatPos < 0 {
			if ops := stringOperands(args); len(args) > 1 && &ops[0] != &args[0] { // culab patch 134
				in = append([]reflect.Value(nil), in...)
				in[last] = reflect.ValueOf(ops)
			}
			return fn.CallSlice(in)
		}
		format, args := rewriteFormat(in[formatPos].String(), args)
		in = append([]reflect.Value(nil), in...)
		in[formatPos] = reflect.ValueOf(format).Convert(in[formatPos].Type())
		in[last] = reflect.ValueOf(args)
		return fn.CallSlice(in)
	})
}

// rethrowOverflow panics with the stack overflow (patch 2) of a method
// that fmt called to print one of args: fmt recovers any panic of a
// method, where Go's stack overflow ends the program (a String method
// that prints its receiver with %v calls itself until then).
func rethrowOverflow(args []any) {
	for _, a := range args {
		if c, ok := a.(*cellValue); ok && c.overflow != nil {
			panic(c.overflow)
		}
	}
}

// How a directive uses its argument.
const (
	useValue = iota // the value: a cellValue prints it
	useType         // %T: the name of its type
	useOrig         // %p, '*': the argument as the interpreter passes it
	useError        // %w: the argument as an error
	numUses
)

// fmtDirective is a directive of a format, as fmt's doPrintf reads it.
type fmtDirective struct {
	start, end  int    // its bytes in the format
	flags       string // the flags
	width, prec string // digits, or "*"; prec "" without a '.'
	hasPrec     bool
	widthArg    int // the arguments of '*' and of the verb; -1: none
	precArg     int
	verbArg     int
	verb        rune
	verbPos     int // position of the verb in the format
}

// parseFormat returns the directives of format for n arguments, and the
// number of arguments that fmt checks were all used (-1: none, an index
// [n] was used), or false where fmt would report an error (a bad index,
// a missing argument, no verb): the format is then left as it is.
func parseFormat(format string, n int) ([]fmtDirective, int, bool) {
	var ds []fmtDirective
	argNum := 0
	reordered := false
	for i := 0; i < len(format); {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			break
		}
		d := fmtDirective{start: i + j, widthArg: -1, precArg: -1, verbArg: -1}
		i += j + 1
		k := i
		for k < len(format) && strings.IndexByte("#0+- ", format[k]) >= 0 {
			k++
		}
		d.flags, i = format[i:k], k
		afterIndex := false
		var ok bool
		if argNum, i, afterIndex, ok = argIndex(argNum, format, i, n); !ok {
			return nil, 0, false
		}
		if i < len(format) && format[i] == '*' {
			d.width, d.widthArg = "*", argNum
			argNum++
			i++
			afterIndex = false
		} else {
			k = i
			for k < len(format) && '0' <= format[k] && format[k] <= '9' {
				k++
			}
			if afterIndex && k > i {
				return nil, 0, false
			}
			d.width, i = format[i:k], k
		}
		if i < len(format) && format[i] == '.' {
			i++
			d.hasPrec = true
			if afterIndex {
				return nil, 0, false
			}
			if argNum, i, afterIndex, ok = argIndex(argNum, format, i, n); !ok {
				return nil, 0, false
			}
			if i < len(format) && format[i] == '*' {
				d.prec, d.precArg = "*", argNum
				argNum++
				i++
				afterIndex = false
			} else {
				k = i
				for k < len(format) && '0' <= format[k] && format[k] <= '9' {
					k++
				}
				d.prec, i = format[i:k], k
			}
		}
		if !afterIndex {
			if argNum, i, _, ok = argIndex(argNum, format, i, n); !ok {
				return nil, 0, false
			}
		}
		if i >= len(format) {
			return nil, 0, false
		}
		var size int
		d.verb, size = utf8.DecodeRuneInString(format[i:])
		d.verbPos = i
		i += size
		d.end = i
		if d.verb != '%' {
			if argNum >= n || d.widthArg >= n || d.precArg >= n {
				return nil, 0, false
			}
			d.verbArg = argNum
			argNum++
		}
		ds = append(ds, d)
		reordered = reordered || strings.Contains(format[d.start:d.end], "[")
	}
	if reordered {
		return ds, -1, true
	}
	return ds, argNum, true
}

// argIndex reads an explicit argument index [n] at format[i:], as fmt's
// argNumber.
func argIndex(argNum int, format string, i, n int) (int, int, bool, bool) {
	if i >= len(format) || format[i] != '[' {
		return argNum, i, false, true
	}
	k := strings.IndexByte(format[i:], ']')
	if k < 0 {
		return argNum, i, false, false
	}
	x, err := strconv.Atoi(format[i+1 : i+k])
	if err != nil || x < 1 || x > n {
		return argNum, i, false, false
	}
	return x - 1, i + k + 1, true, true
}

// rewriteFormat returns format and args, where the arguments of %T,
// %p, %w and '*' that are cellValues are replaced (see printf).
func rewriteFormat(format string, args []any) (string, []any) {
	cells := false
	for _, a := range args {
		if _, ok := a.(*cellValue); ok {
			cells = true
			break
		}
	}
	if !cells {
		return format, args
	}
	ds, used, ok := parseFormat(format, len(args))
	if !ok {
		return format, args
	}
	var extra []any
	if used >= 0 && used < len(args) {
		// fmt names the extra arguments' types: cellValue is not theirs.
		args, extra = args[:used], args[used:]
	}
	uses := make([][numUses]bool, len(args))
	use := func(arg int, u int) {
		if arg >= 0 {
			uses[arg][u] = true
		}
	}
	for _, d := range ds {
		use(d.widthArg, useOrig)
		use(d.precArg, useOrig)
		switch d.verb {
		case '%':
		case 'T':
			use(d.verbArg, useType)
		case 'p':
			use(d.verbArg, useOrig)
		case 'w':
			use(d.verbArg, useError)
		default:
			use(d.verbArg, useValue)
		}
	}
	// slot[i][u] is the argument that use u of argument i reads.
	slot := make([][numUses]int, len(args))
	out := append([]any(nil), args...)
	explicit := false
	for i, a := range args {
		c, ok := a.(*cellValue)
		for u := range slot[i] {
			slot[i][u] = i
		}
		if !ok {
			continue
		}
		first := true
		for u := 0; u < numUses; u++ {
			if !uses[i][u] {
				continue
			}
			v := c.as(u)
			if first {
				out[i], first = v, false
				continue
			}
			// A second use: an argument more, and explicit indexes.
			slot[i][u] = len(out)
			out = append(out, v)
			explicit = true
		}
	}
	var b strings.Builder
	prev := 0
	for _, d := range ds {
		b.WriteString(format[prev:d.start])
		prev = d.end
		verb := d.verb
		c, isCell := false, false
		if d.verbArg >= 0 {
			_, isCell = args[d.verbArg].(*cellValue)
			c = isCell && verb == 'T'
		}
		if c {
			verb = 's'
		}
		if !explicit {
			b.WriteString(format[d.start:d.verbPos])
			b.WriteRune(verb)
			continue
		}
		b.WriteByte('%')
		b.WriteString(d.flags)
		if d.widthArg >= 0 {
			b.WriteString("[" + strconv.Itoa(slot[d.widthArg][useOrig]+1) + "]*")
		} else {
			b.WriteString(d.width)
		}
		if d.hasPrec {
			b.WriteByte('.')
			if d.precArg >= 0 {
				b.WriteString("[" + strconv.Itoa(slot[d.precArg][useOrig]+1) + "]*")
			} else {
				b.WriteString(d.prec)
			}
		}
		if d.verbArg >= 0 {
			u := useValue
			switch d.verb {
			case 'T':
				u = useType
			case 'p':
				u = useOrig
			case 'w':
				u = useError
			}
			b.WriteString("[" + strconv.Itoa(slot[d.verbArg][u]+1) + "]")
		}
		b.WriteRune(verb)
	}
	b.WriteString(format[prev:])
	if extra == nil {
		return b.String(), out
	}
	b.WriteString("%%!(EXTRA ")
	for i, a := range extra {
		if i > 0 {
			b.WriteString(", ")
		}
		switch a := a.(type) {
		case nil:
			b.WriteString("<nil>")
			continue
		case *cellValue:
			b.WriteString(a.as(useType).(string))
		default:
			b.WriteString(reflect.TypeOf(a).String())
		}
		b.WriteString("=%v")
		out = append(out, a)
	}
	b.WriteByte(')')
	return b.String(), out
}

// as returns the argument that fmt gets for a use of c.
func (c *cellValue) as(u int) any {
	switch u {
	case useType:
		if c.typ != nil {
			return goTypeName(c.typ)
		}
		return c.v.Type().String()
	case useOrig, useError:
		var o any
		if v := c.orig.get(c.f); v.IsValid() && v.CanInterface() {
			o = v.Interface()
		}
		if _, ok := o.(error); ok || u == useOrig || c.typ == nil {
			return o
		}
		// A value of an interpreted type with an Error method, that the
		// interpreter did not give fmt as an error.
		m := c.in.fmtMethod(c.typ, mError)
		if !m.ok() {
			return o
		}
		f, v, t := c.f, c.v, c.typ
		return _error{IValue: v.Interface(), ICell: &wrappedCell{typ: t, value: v}, WError: func() string {
			return callFound(f, m, v, nil)[0].String()
		}}
	}
	return c
}

// stringOperands returns args, the operands of a Print, Sprint, Fprint or
// Append (or their ln forms), with each operand that fmt would take for
// another kind than Go's, where Go's is a string, printed to a string
// beforehand: a *cellValue, or a compiled interface's wrapper, of a value
// of a cell type of kind string with methods. fmt puts a space between
// two operands when neither is a string, and saw a struct there:
// fmt.Sprint(color("a"), color("b")) was "Ca Cb" where Go prints "CaCb"
// (culab patch 134). Each operand is printed with %v, alone: the one
// printed beforehand prints the same. args itself where none is.
func stringOperands(args []any) []any {
	if len(args) < 2 {
		return args
	}
	out := args
	for i, a := range args {
		var v reflect.Value
		switch x := a.(type) {
		case *cellValue:
			v = x.v
		case nil:
			continue
		default:
			if rv := reflect.ValueOf(a); isWrapperStruct(rv.Type()) {
				v = valueInterfaceValue(rv.Field(0))
				for v.IsValid() && v.Kind() == reflect.Interface && !v.IsNil() {
					v = valueInterfaceValue(v.Elem())
				}
			}
		}
		if !v.IsValid() || v.Kind() != reflect.String {
			continue
		}
		if &out[0] == &args[0] {
			out = append([]any(nil), args...)
		}
		out[i] = fmt.Sprint(a)
	}
	return out
}
