package interp

// culab patch 100: the name of an instance of a generic type is made of
// its type arguments' names as Go writes them. It was made of their
// id(), which for an instance of a generic type, in the interpreter its
// underlying struct type without a name of its own, is the struct's
// layout: %T of pair[int, pair[bool, string]]{} printed
// main.pair[int,struct { k bool; v string}]. And a type switch's case of
// an instance of a generic type of several type parameters
// (case pair[int, string]:) ended the compilation with a nil dereference:
// cfg gave such an indexListExpr no type.

// typeArgName returns the name of t as a type argument in the name of an
// instance.
func typeArgName(t *itype) string {
	return goTypeName(t)
}
