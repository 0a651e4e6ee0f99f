package interp_test

import "testing"

// culab patch 157: fields, selectors and keys named as a type parameter.
func TestFieldsNamedAsTypeParams(t *testing.T) {
	const prelude = "package main\nimport (\"encoding/json\"; \"fmt\")\nvar _ = json.Marshal\n" +
		"type Pair[K comparable, V any] struct {\n\tK K `json:\"k\"`\n\tV V\n}\nfunc (p Pair[K, V]) Key() K { return p.K }\n" +
		"func Make[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{K: k, V: v} }\n" +
		"func Anon[A, B any](a A, b B) struct{ A A; B B } { return struct{ A A; B B }{a, b} }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { x := Pair[string, int]{K: \"a\", V: 1}; fmt.Printf(\"%+v %v %v\\n\", x, x.Key(), x.V) }", "{K:a V:1} a 1\n", ""},
		{prelude + "func main() { x := Make(2.5, \"v\"); b, _ := json.Marshal(x); fmt.Println(x.K, x.V, string(b)) }", "2.5 v {\"k\":2.5,\"V\":\"v\"}\n", ""},
		{prelude + "func main() { p := Anon(\"x\", 3); fmt.Printf(\"%v %T\\n\", p.B, p.A) }", "3 string\n", ""},
	})
}
