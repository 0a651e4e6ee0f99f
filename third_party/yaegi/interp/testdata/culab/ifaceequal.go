// culab patch 27: interface values compare by dynamic type and value.
package main

import "fmt"

type colour int

func (c colour) String() string { return [...]string{"red", "green"}[c] }

func main() {
	a, b := any(colour(1)), any(colour(1))
	var s fmt.Stringer = colour(1)
	fmt.Println(a == b, a == any(1), a == s, s == colour(1), a != b)
	var e1, e2 error = fmt.Errorf("x"), fmt.Errorf("x")
	fmt.Println(e1 == e2, e1 == e1)
}

// Output:
// true false true true false
// false true
