package interp

import "go/constant"

// culab patch 99: an array length or a literal's index given by an untyped
// float constant of an integer value ([2 * 2.0]bool, [...]int{2.0: 1})
// is that integer, as in Go. yaegi read it with constant.BitLen,
// which panicked ("4 not an Int") and ended the process; and a float of a
// fractional value is Go's compile error.

// constIntOf returns c, the constant of n used as what, as an int.
func constIntOf(n *node, c constant.Value, what string) (int, error) {
	i := constant.ToInt(c)
	if i.Kind() != constant.Int {
		return 0, n.cfgErrorf("%s %s (untyped float constant) must be integer", what, c)
	}
	if constant.BitLen(i) > 63 {
		return 0, n.cfgErrorf("%s %s (untyped int constant) overflows int", what, c)
	}
	v, _ := constant.Int64Val(i)
	return int(v), nil
}
