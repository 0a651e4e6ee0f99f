package stdlib

import (
	"fmt"
	"reflect"
)

// culab patch 27: an argument of a cell type that implements error is
// passed to fmt.Errorf as an error, for %w (it was passed as its bare
// value: "%!w(...)"), after fmt.Formatter as fmt looks for them. This
// file's init runs after maptypes.go's (files initialize in name order).
func init() {
	MapTypes[reflect.ValueOf(fmt.Errorf)] = []reflect.Type{
		reflect.TypeOf((*fmt.Formatter)(nil)).Elem(),
		reflect.TypeOf((*error)(nil)).Elem(),
		reflect.TypeOf((*fmt.Stringer)(nil)).Elem(),
	}
}
