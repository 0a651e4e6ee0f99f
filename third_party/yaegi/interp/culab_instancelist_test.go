package interp_test

import "testing"

// culab patch 158: a call of a generic function's instance with several
// type arguments as a composite literal's element or a package-level
// variable's value; the name of an embedded field of such an instance.
func TestInstanceListCallInLiterals(t *testing.T) {
	const prelude = "package main\nimport \"fmt\"\ntype S[K comparable, V any] struct{ m map[K]V }\nfunc New[K comparable, V any]() *S[K, V] { return &S[K, V]{m: map[K]V{}} }\ntype N struct{ *S[string, int]; t string }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { n := N{New[string, int](), \"x\"}; n.m[\"a\"] = 1; fmt.Println(n.t, len(n.m)) }", "x 1\n", ""},
		{prelude + "var n = N{New[string, int](), \"z\"}\nfunc main() { fmt.Println(n.t) }", "z\n", ""},
		{prelude + "func main() { xs := []*S[string, int]{New[string, int]()}; fmt.Println(len(xs), xs[0].m == nil) }", "1 false\n", ""},
		{prelude + "func main() { n := N{S: New[string, int]()}; fmt.Printf(\"%T %v\\n\", n.S, n.S.m) }", "*main.S[string,int] map[]\n", ""},
	})
}

// culab patch 159: a conversion to an instance of a generic type of
// several type parameters.
func TestConversionToInstanceOfSeveral(t *testing.T) {
	const prelude = "package main\nimport \"fmt\"\ntype P[A, B any] struct{ a A; b B }\ntype Q struct{ a int; b string }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { p := P[int, string](Q{1, \"x\"}); fmt.Println(p.a, p.b) }", "1 x\n", ""},
		{prelude + "func main() { var p P[int, string]; p = P[int, string](Q{2, \"y\"}); fmt.Printf(\"%T %v\\n\", p, Q(p).b) }", "main.P[int,string] y\n", ""},
	})
}
