package interp_test

import "testing"

// culab patch 94: a shift of an untyped constant by a variable amount
// takes the type of the other operand of a binary expression, or of the
// parameter it is passed for.
func TestUntypedShiftOperands(t *testing.T) {
	src := `package main

import "fmt"

func f(x uint32) uint32 { return x }

func g(xs ...uint8) uint8 { return xs[1] }

func main() {
	var mant uint32 = 0xabcdef
	s := uint(5)
	r1 := mant & (1<<s - 1)
	r2 := (1<<s - 1) & mant
	r3 := mant + 1<<s
	r4 := mant == 1<<s
	r5 := ^(1 << s) & mant
	r6 := mant
	r6 &= 1<<s - 1
	fmt.Printf("%T %v %T %v %v %v %v %v\n", r1, r1, r2, r2, r3, r4, r5, r6)
	fmt.Printf("%T %v %T %v\n", f(1<<s), f(1<<s), g(1, 1<<s), g(1, 1<<s))
	x := 1<<s + 1<<(s*2)
	fmt.Printf("%T %v\n", x, x)
}
`
	want := "uint32 15 uint32 15 11259407 false 11259343 15\nuint32 32 uint8 32\nint 1056\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
