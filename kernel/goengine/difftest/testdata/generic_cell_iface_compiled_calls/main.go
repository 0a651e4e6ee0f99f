package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Shape interface {
	Area() float64
	Name() string
}

type rect struct{ w, h float64 }
type circle struct{ r float64 }

func (r rect) Area() float64    { return r.w * r.h }
func (r rect) Name() string     { return "rect" }
func (c circle) Area() float64  { return 3 * c.r * c.r }
func (c circle) Name() string   { return "circle" }
func (c circle) String() string { return fmt.Sprintf("circle(%g)", c.r) }

func SortBy[T any, K int | float64 | string](xs []T, key func(T) K) {
	sort.Slice(xs, func(i, j int) bool { return key(xs[i]) < key(xs[j]) })
}

func Describe[T Shape](xs []T) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, fmt.Sprintf("%s=%.0f", x.Name(), x.Area()))
	}
	return strings.Join(parts, ",")
}

func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

type notFound struct{ key string }

func (e *notFound) Error() string { return "missing " + e.key }

func lookup(m map[string]Shape, k string) (Shape, error) {
	if s, ok := m[k]; ok {
		return s, nil
	}
	return nil, &notFound{k}
}

func main() {
	shapes := []Shape{rect{3, 4}, circle{1}, rect{1, 1}}
	SortBy(shapes, Shape.Area)
	fmt.Println(Describe(shapes))
	SortBy(shapes, func(s Shape) string { return s.Name() })
	fmt.Println(Describe(shapes), shapes)
	m := map[string]Shape{"a": circle{2}}
	fmt.Println(Must(lookup(m, "a")))
	_, err := lookup(m, "b")
	var nf *notFound
	fmt.Println(errors.As(err, &nf), nf.key)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		Must(lookup(m, "zz"))
	}()
	get := sync.OnceValue(func() Shape { return circle{3} })
	fmt.Println(get(), get().Area())
	getR := sync.OnceValues(func() (rect, error) { return rect{2, 2}, nil })
	r, e := getR()
	fmt.Println(r, r.Area(), e)
}
