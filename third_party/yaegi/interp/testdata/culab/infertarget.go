// culab patch 81: a generic function used as a value takes its type
// arguments from the function type it is assigned or passed to.
package main

import (
	"fmt"
	"strings"
)

type number interface{ ~int | ~float64 }

func Double[T number](x T) T { return x * 2 }

func isDigit[R ~rune](r R) bool { return r >= '0' && r <= '9' }

func Pair[K comparable, V any](k K, v V) string { return fmt.Sprint(k, "=", v) }

type op func(int) int

func apply(xs []int, fs ...func(int) int) []int {
	out := append([]int(nil), xs...)
	for _, f := range fs {
		for i := range out {
			out[i] = f(out[i])
		}
	}
	return out
}

var pkgF func(float64) float64 = Double

func main() {
	fmt.Println(apply([]int{1, 2, 3}, Double, Double))
	var f func(float64) float64 = Double
	fmt.Println(f(1.25), pkgF(2))
	var o op
	o = Double
	fmt.Println(o(21))
	fmt.Println(strings.IndexFunc("ab7c", isDigit))
	var p func(string, bool) string = Pair
	fmt.Println(p("on", true))
	g := Double[int]
	var h func(string, int) string
	h = Pair
	fmt.Println(g(4), h("n", 1))
}

// Output:
// [4 8 12]
// 2.5 4
// 42
// 2
// on=true
// 8 n=1
