// culab patch 48: an instance of a generic type alias is the type its
// right-hand side denotes, with the type arguments put in.
package main

import "fmt"

type Vec[T any] = []T

type Set[K comparable] = map[K]struct{}

type Ptr[T any] = *T

type Fn[A, B any] = func(A) B

type stack[T any] struct{ xs []T }

func (s *stack[T]) push(x T) { s.xs = append(s.xs, x) }

func (s stack[T]) top() T { return s.xs[len(s.xs)-1] }

type Stack[T any] = stack[T]

func count[T any](v Vec[T]) int { return len(v) }

func double(v Vec[int]) Vec[int] {
	out := make(Vec[int], 0, len(v))
	for _, x := range v {
		out = append(out, 2*x)
	}
	return out
}

func main() {
	var v Vec[int] = []int{1, 2}
	var w []int = v
	fmt.Printf("%v %T %v\n", double(w), v, count(v))
	s := Set[string]{"a": {}}
	_, ok := s["a"]
	fmt.Printf("%T %v\n", s, ok)
	x := 3
	var p Ptr[int] = &x
	fmt.Printf("%T %d\n", p, *p)
	var f Fn[int, string] = func(i int) string { return fmt.Sprint(i + 1) }
	fmt.Printf("%T %q\n", f, f(1))
	var st Stack[string]
	st.push("a")
	st.push("b")
	var direct stack[string] = st
	fmt.Printf("%T %s %d\n", st, st.top(), len(direct.xs))
	vv := Vec[Vec[int]]{{1}, {2, 3}}
	fmt.Printf("%T %v %d\n", vv, vv, count[Vec[int]](vv))
	var a any = []int{4}
	u, ok := a.(Vec[int])
	fmt.Println(u, ok, Vec[int](w)[1])
	// Instances first met in a type switch.
	var b any = []string{"s"}
	switch b.(type) {
	case Set[int], stack[bool]:
		fmt.Println("set or stack")
	case Vec[string]:
		fmt.Println("strings")
	}
}

// Output:
// [2 4] []int 2
// map[string]struct {} true
// *int 3
// func(int) string "2"
// main.stack[string] b 2
// [][]int [[1] [2 3]] 2
// [4] true 2
// strings
