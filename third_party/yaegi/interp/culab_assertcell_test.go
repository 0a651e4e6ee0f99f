package interp_test

import "testing"

// culab patch 156: an any holding a value of a compiled type is not a
// value of a cell type with methods whose underlying type it is.
func TestBareValueIsNotCellTypeWithMethods(t *testing.T) {
	const prelude = "package main\nimport \"fmt\"\ntype meters float64\nfunc (m meters) String() string { return \"m\" }\ntype ids []int\nfunc (ids) Len() int { return 0 }\n" +
		"func kind(x any) string { switch x.(type) { case meters: return \"meters\"; case float64: return \"float64\"; case ids: return \"ids\"; case []int: return \"[]int\" }; return \"other\" }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { fmt.Println(kind(0.25), kind(meters(1)), kind([]int{1}), kind(ids{1})) }", "float64 meters []int ids\n", ""},
		{prelude + "func main() { var x any = 0.25; _, ok := x.(meters); _, ok2 := x.(fmt.Stringer); fmt.Println(ok, ok2) }", "false false\n", ""},
		{prelude + "func id[T any](v T) any { return v }\nfunc main() { fmt.Println(kind(id(0.5)), kind(id(meters(2)))) }", "float64 meters\n", ""},
	})
}
