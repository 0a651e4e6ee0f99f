package counters

import (
	"reflect"
	"testing"
)

// Add must sum every field: a counter added to the struct but forgotten in
// Add would read zero for every launch sequence and every source line.
func TestAddSumsEveryField(t *testing.T) {
	var a, b Counters
	va, vb := reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem()
	for i := range va.NumField() {
		va.Field(i).SetInt(int64(i + 1))
		vb.Field(i).SetInt(int64(100 * (i + 1)))
	}
	a.Add(&b)
	for i := range va.NumField() {
		if got, want := va.Field(i).Int(), int64(101*(i+1)); got != want {
			t.Errorf("%s = %d after Add, want %d", va.Type().Field(i).Name, got, want)
		}
	}
}
