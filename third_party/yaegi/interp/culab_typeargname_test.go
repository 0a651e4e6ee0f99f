package interp_test

import "testing"

// culab patch 100: instances of generic types whose type arguments are
// instances, and instances of several type parameters in type switches.
func TestNestedInstances(t *testing.T) {
	src := `package main

import "fmt"

type pair[K comparable, V any] struct {
	k K
	v V
}

type box[T any] struct{ v T }

func main() {
	fmt.Printf("%T\n", pair[int, pair[bool, string]]{})
	fmt.Printf("%T %T\n", box[box[int]]{}, &box[[]box[int]]{})
	for _, x := range []any{pair[int, box[string]]{}, box[int]{}, pair[string, int]{v: 2}} {
		switch v := x.(type) {
		case pair[int, box[string]]:
			fmt.Printf("nested %T\n", v)
		case pair[string, int]:
			fmt.Println("pair", v.v)
		default:
			fmt.Printf("default %T\n", v)
		}
	}
}
`
	want := "main.pair[int,main.pair[bool,string]]\nmain.box[main.box[int]] *main.box[[]main.box[int]]\nnested main.pair[int,main.box[string]]\ndefault main.box[int]\npair 2\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
