package main

import (
	"fmt"
	"strconv"
)

func convert[To, From ~int | ~float64 | ~float32](xs []From) []To {
	out := make([]To, len(xs))
	for i, x := range xs {
		out[i] = To(x)
	}
	return out
}

func parseAll[T any, S ~[]string](ss S, parse func(string) (T, error)) ([]T, error) {
	var out []T
	for _, s := range ss {
		v, err := parse(s)
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

type celsius float64

type args []string

func zero[T any]() (z T) { return }

func pair[A, B any](a A, b B) string { return fmt.Sprintf("%T/%T", a, b) }

func main() {
	fmt.Println(convert[int]([]float64{1.9, -2.5, 3}))
	fmt.Println(convert[celsius]([]int{10, 20}))
	fmt.Printf("%T\n", convert[float32, celsius])
	vs, err := parseAll(args{"1", "22", "x"}, strconv.Atoi)
	fmt.Println(vs, err)
	fs, err := parseAll[float64]([]string{"1.5", "2e3"}, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
	fmt.Println(fs, err)
	fmt.Printf("%q %v %v\n", zero[string](), zero[*int]() == nil, zero[[2]bool]())
	fmt.Println(pair[int8](1, "s"), pair[any, error](nil, nil))
	f := pair[celsius, uint]
	fmt.Println(f(1, 2))
}
