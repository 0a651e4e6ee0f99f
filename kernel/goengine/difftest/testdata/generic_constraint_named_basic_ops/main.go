package main

import "fmt"

type number interface {
	~int | ~int64 | ~float64
}

type meters float64
type count int

func (m meters) String() string { return fmt.Sprintf("%.1fm", float64(m)) }

func sum[T number](xs ...T) T {
	var t T
	for _, x := range xs {
		t += x
	}
	return t
}

func scale[T number](xs []T, k T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = x * k
	}
	return out
}

func maxOf[T number](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Generic functions over named basic types keep the named type: its
// String method, %T.
func main() {
	d := sum(meters(1.5), meters(2))
	fmt.Println(d, float64(d))
	fmt.Printf("%v %T\n", sum[count](1, 2, 3), sum[count](1, 2, 3))
	fmt.Println(scale([]meters{1, 2}, 3))
	fmt.Println(maxOf(count(3), 7), maxOf(meters(2), 1.25))
	fmt.Printf("%T %T\n", maxOf(count(3), 7), scale([]meters{1}, 2))
}
