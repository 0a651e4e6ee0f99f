package main

import (
	"fmt"
	"strconv"
)

type Shape interface {
	Area() float64
	Name() string
}

type Rect struct{ W, H float64 }
type Circle struct{ R float64 }

func (r Rect) Area() float64   { return r.W * r.H }
func (r Rect) Name() string    { return "rect" }
func (c Circle) Area() float64 { return 3 * c.R * c.R }
func (c Circle) Name() string  { return "circle" }

func Largest[S Shape](shapes []S) S {
	var best S
	for i, s := range shapes {
		if i == 0 || s.Area() > best.Area() {
			best = s
		}
	}
	return best
}

func TotalArea[S Shape](shapes ...S) float64 {
	t := 0.0
	for _, s := range shapes {
		t += s.Area()
	}
	return t
}

type Parser[T any] interface {
	*T
	Parse(string) error
}

type Num struct{ V int }

func (n *Num) Parse(s string) error {
	v, err := strconv.Atoi(s)
	n.V = v
	return err
}

func ParseAll[T any, P Parser[T]](in []string) ([]T, error) {
	out := make([]T, len(in))
	for i, s := range in {
		if err := P(&out[i]).Parse(s); err != nil {
			return nil, err
		}
	}
	return out, nil
}

type Ordered interface {
	~int | ~string | ~float64
}

func MinOf[T Ordered](first T, rest ...T) T {
	m := first
	for _, v := range rest {
		if v < m {
			m = v
		}
	}
	return m
}

func main() {
	rs := []Rect{{1, 2}, {3, 1}, {2, 2}}
	fmt.Println(Largest(rs), TotalArea(rs...))
	fmt.Println(Largest([]Shape{Rect{1, 1}, Circle{1}}).Name())
	nums, err := ParseAll[Num]([]string{"1", "22", "333"})
	fmt.Println(nums, err)
	_, err = ParseAll[Num]([]string{"x"})
	fmt.Println(err)
	fmt.Println(MinOf(3, 1, 2), MinOf("b", "a"), MinOf(2.5))
}
