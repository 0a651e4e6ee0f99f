package interp

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
