package main

import "fmt"

type pt struct{ x, y int }

func IsZero[T comparable](v T) bool {
	var z T
	return v == z
}

func Or[T comparable](vals ...T) T {
	var z T
	for _, v := range vals {
		if v != z {
			return v
		}
	}
	return z
}

type Opt[T any] struct {
	v  T
	ok bool
}

func Some[T any](v T) Opt[T] { return Opt[T]{v, true} }
func None[T any]() Opt[T]    { return Opt[T]{} }

func (o Opt[T]) Get() (T, bool) { return o.v, o.ok }
func (o Opt[T]) OrElse(d T) T {
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
	fmt.Println(IsZero(pt{}), IsZero(pt{0, 1}), IsZero(""), IsZero[any](nil), IsZero(0.0))
	fmt.Println(Or("", "", "x", "y"), Or(0, 3), Or(pt{}, pt{1, 2}), Or[*int]() == nil)
	a := Some(pt{1, 2})
	b := None[pt]()
	fmt.Println(a, b, a.OrElse(pt{9, 9}), b.OrElse(pt{9, 9}))
	v, ok := b.Get()
	fmt.Println(v, ok)
	opts := []fmt.Stringer{Some(1), None[string](), Some("s")}
	fmt.Println(opts)
	fmt.Printf("%v %s %+v\n", a, b, Some([]int{1}))
}
