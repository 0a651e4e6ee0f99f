package interp

import "reflect"

// culab patch 38: methods promoted from an embedded interface field.

// embeddedFields returns, for a struct type (or a pointer to one), which of
// its fields are embedded. reflect marks a field anonymous only in a struct
// of one field (and never an interface field: reflect.StructOf refuses
// them), so a method promoted from an embedded interface of a struct with
// other fields was not found ("invalid interface value").
func embeddedFields(t *itype) map[int]bool {
	for t != nil && (t.cat == ptrT || t.cat == linkedT) {
		t = t.val
	}
	if t == nil || t.cat != structT {
		return nil
	}
	m := map[int]bool{}
	for k, f := range t.field {
		if f.embed {
			m[k] = true
		}
	}
	return m
}

// culab patch 88: an embedded field of a cell struct type (or a pointer to
// one) is an embedded field of the struct's reflect type too, whatever
// the number of fields: encoding/json promoted the fields of an embedded
// struct only when it was the struct's only field, and otherwise wrote it
// as an object named by its type ({"Meta":{"created":"today"}} where Go
// writes {"created":"today"}), and decoding left it empty.

// embeddableStruct reports whether reflect.StructOf takes rt as an
// embedded field among others: an unnamed struct type (a cell struct's
// reflect type), or a pointer to one; such types have no methods, which
// StructOf cannot promote (golang/go#15924).
func embeddableStruct(rt reflect.Type) bool {
	if rt.Kind() == reflect.Ptr {
		rt = rt.Elem()
	}
	return rt.Kind() == reflect.Struct && rt.Name() == "" && rt.NumMethod() == 0
}

// culab patch 90: a composite literal of a pointer type whose type is
// elided ({...} for &[]T{...} in a []*[]T, or for &map[K]V{...}) builds
// the slice, array or map and takes its address, as the elided &T{...}
// of a struct did; arrayLit and mapLit built the pointer type's value,
// which panicked. elidedBase gives its elements their types.

// elidedBase returns the type whose elements the elements of a composite
// literal of type t have: t, or what t points to.
func elidedBase(t *itype) *itype {
	if t != nil && t.cat == ptrT {
		return t.val
	}
	return t
}
