package interp

import (
	"go/constant"
	"reflect"
)

// culab patch 92: a constant index out of the bounds of an array or a
// constant string, or a negative one, is a compile error with Go's message
// ("invalid argument: index 5 out of bounds [0:3]"); "abc"[5] and a[-1]
// were run-time panics, and a[5] of an array said "index int is out of
// bounds". An index of a slice is checked at run time, as Go does.

// constStringLen is the length of v, the value of a constant string, or -1
// if v is not one.
func constStringLen(v reflect.Value) int {
	if c := vConstantValue(v); c != nil {
		if c.Kind() == constant.String {
			return len(constant.StringVal(c))
		}
		return -1
	}
	if v.Kind() == reflect.String {
		return v.Len()
	}
	return -1
}
