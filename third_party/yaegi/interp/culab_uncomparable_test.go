package interp_test

import "testing"

// culab patch 153: the run-time errors of == on interfaces holding values
// of an uncomparable cell struct type, and of a failed assertion of a
// cell struct without methods, name the cell type as Go does.
func TestRuntimeErrorsNameCellStructs(t *testing.T) {
	const prelude = "package main\nimport \"fmt\"\ntype g struct{ f []int }\ntype shape interface{ Area() float64 }\nfunc try(f func()) { defer func() { fmt.Println(recover()) }(); f() }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { var x, y any = g{}, g{}; try(func() { _ = x == y }) }", "runtime error: comparing uncomparable type main.g\n", ""},
		{prelude + "func main() { type s struct{ f []int }; var x, y any = s{}, s{}; try(func() { _ = x == y }) }", "runtime error: comparing uncomparable type main.s\n", ""},
		{prelude + "func main() { type s struct{ f any }; var x, y any = s{[]int{}}, s{[]int{}}; try(func() { _ = x == y }) }", "runtime error: comparing uncomparable type []int\n", ""},
		{prelude + "func main() { type c struct{ r float64 }; var x any = c{}; try(func() { _ = x.(shape) }) }", "interface conversion: main.c is not main.shape: missing method Area\n", ""},
		{prelude + "func main() { type c struct{ r float64 }; var x any = &c{}; try(func() { _ = x.(int) }) }", "interface conversion: interface {} is *main.c, not int\n", ""},
	})
}
