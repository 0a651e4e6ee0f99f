package main

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

func main() {
	n := math.NaN()
	fmt.Println(n == n, n != n, n < 1, n > 1, n <= n)
	xs := []float64{3, n, 1, math.Inf(-1), 2}
	ys := slices.Clone(xs)
	sort.Float64s(xs)
	fmt.Println(xs)
	slices.Sort(ys)
	fmt.Println(ys)
	fmt.Println(slices.Index(xs, n), slices.Contains(xs, n), min(1, n), max(n, 2))
	var a, b any = n, n
	fmt.Println(a == b)
	arr := [2]float64{n, 1}
	fmt.Println(arr == arr)
	type s struct{ f float64 }
	fmt.Println(s{n} == s{n}, s{0} == s{math.Copysign(0, -1)})
	fmt.Println(math.IsNaN(n*0), math.Inf(1)-math.Inf(1), 0*math.Inf(1))
	z := 0.0
	fmt.Println(1/z, -1/z, z/z)
	fmt.Println(int64(math.Trunc(-2.7)), math.Round(-2.5), math.RoundToEven(2.5), math.Floor(-0.5))
}
