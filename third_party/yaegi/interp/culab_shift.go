package interp

import "reflect"

// genValueShift is genValueUint for a shift's count (culab patch 56): a
// negative signed count is Go's run-time panic "negative shift amount",
// where its conversion to uint64 shifted every bit out (1 << n was 0).
func genValueShift(n *node) func(*frame) (reflect.Value, uint64) {
	value := genValueUint(n)
	switch n.typ.TypeOf().Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(f *frame) (reflect.Value, uint64) {
			v, u := value(f)
			if v.Int() < 0 {
				panic(runtimeError("negative shift amount"))
			}
			return v, u
		}
	}
	return value
}
