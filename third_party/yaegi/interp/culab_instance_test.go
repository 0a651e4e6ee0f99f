package interp_test

import "testing"

// culab patch 154: an instance of a generic defined type of a slice, map
// or function type is a defined type of its own, as in Go.
func TestGenericDefinedInstanceIsNamed(t *testing.T) {
	const prelude = "package main\nimport \"fmt\"\ntype list[T any] []T\nfunc (l list[T]) Len() int { return len(l) }\ntype set[T comparable] map[T]bool\ntype fn[T any] func(T) T\n" +
		"func kind(v any) string { switch v.(type) { case []int: return \"[]int\"; case list[int]: return \"list[int]\" }; return \"other\" }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { fmt.Printf(\"%T %T %T\\n\", list[int]{}, set[string]{}, fn[int](nil)) }", "main.list[int] main.set[string] main.fn[int]\n", ""},
		{prelude + "func main() { fmt.Println(kind(list[int]{1}), kind([]int{1})) }", "list[int] []int\n", ""},
		{prelude + "func main() { var l list[int] = []int{1, 2}; s := []int(l); fmt.Println(l.Len(), len(s)) }", "2 2\n", ""},
		{prelude + "func main() { _, ok := any(list[int]{}).([]int); fmt.Println(ok) }", "false\n", ""},
	})
}

// culab patch 155: a conversion to an instance of a package's generic type.
func TestPackageGenericTypeConversion(t *testing.T) {
	const prelude = "package main\nimport (\"fmt\"; \"iter\"; \"slices\")\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { var f func(func(int) bool) = slices.Values([]int{3}); fmt.Println(slices.Collect(iter.Seq[int](f))) }", "[3]\n", ""},
		{prelude + "type seq[T any] func(func(T) bool)\nfunc main() { s := seq[int](slices.Values([]int{4})); fmt.Println(slices.Collect(iter.Seq[int](s))) }", "[4]\n", ""},
	})
}
