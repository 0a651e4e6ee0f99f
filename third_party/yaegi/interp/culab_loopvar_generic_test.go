package interp_test

import "testing"

// culab patch 131: a loop calling a recursive generic function (its
// instance hangs under the call, and calls itself) is compiled; the walk
// for escaping loop variables overflowed the stack and ended the process.
func TestLoopCallsRecursiveGenericFunc(t *testing.T) {
	got := evalMain(t, `package main

import "fmt"

type Tree[T any] struct {
	Left, Right *Tree[T]
	Val         T
}

func Insert[T interface{ ~int | ~string }](t *Tree[T], v T) *Tree[T] {
	if t == nil {
		return &Tree[T]{Val: v}
	}
	if v < t.Val {
		t.Left = Insert(t.Left, v)
	} else {
		t.Right = Insert(t.Right, v)
	}
	return t
}

func main() {
	var root *Tree[int]
	var fs []func() int
	for _, v := range []int{5, 2, 8} {
		root = Insert(root, v)
		fs = append(fs, func() int { return v })
	}
	fmt.Println(root.Val, root.Left.Val, root.Right.Val, fs[0](), fs[2]())
}
`)
	if want := "5 2 8 5 8\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
