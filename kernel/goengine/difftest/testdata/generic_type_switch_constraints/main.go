package main

import (
	"fmt"
	"strconv"
	"strings"
)

type Number interface {
	~int | ~int64 | ~float64
}

type meters int

func (m meters) String() string { return strconv.Itoa(int(m)) + "m" }

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Describe[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return "int " + strconv.Itoa(x)
	case string:
		return "string " + x
	case fmt.Stringer:
		return "stringer " + x.String()
	case []T:
		return "slice"
	default:
		return fmt.Sprintf("other %T", x)
	}
}

type Tree[T any] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Walk(f func(T)) {
	if t == nil {
		return
	}
	t.Left.Walk(f)
	f(t.Val)
	t.Right.Walk(f)
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

func Join[T fmt.Stringer](xs []T, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

type Opt[T any] struct {
	v  T
	ok bool
}

func Some[T any](v T) Opt[T] { return Opt[T]{v, true} }
func (o Opt[T]) Or(d T) T {
	if o.ok {
		return o.v
	}
	return d
}
func (o Opt[T]) String() string {
	if !o.ok {
		return "None"
	}
	return fmt.Sprintf("Some(%v)", o.v)
}

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.5), Sum[meters](1, 2))
	fmt.Println(Describe(3), Describe("x"), Describe(meters(4)), Describe(2.5))
	var root *Tree[int]
	for _, v := range []int{5, 2, 8, 1, 9, 3} {
		root = Insert(root, v)
	}
	var out []int
	root.Walk(func(v int) { out = append(out, v) })
	fmt.Println(out)
	var sr *Tree[string]
	for _, w := range strings.Fields("m c x a") {
		sr = Insert(sr, w)
	}
	walk := sr.Walk
	walk(func(s string) { fmt.Print(s, " ") })
	fmt.Println()
	fmt.Println(Join([]meters{1, 2, 3}, "+"))
	o := Some(meters(7))
	var none Opt[meters]
	fmt.Println(o, none, o.Or(1), none.Or(2))
	fmt.Printf("%v %+v %s\n", []Opt[int]{Some(1), {}}, Some("x"), Some(2.5))
}
