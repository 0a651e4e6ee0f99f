package main

import (
	"fmt"
	"math"
	"sort"
)

func main() {
	m := map[float64]string{}
	nan := math.NaN()
	m[nan] = "a"
	m[nan] = "b"
	m[1.5] = "c"
	fmt.Println(len(m))
	_, ok := m[nan]
	fmt.Println("found NaN:", ok)
	delete(m, nan)
	fmt.Println("after delete:", len(m))
	var vals []string
	nans := 0
	for k, v := range m {
		if k != k {
			nans++
		}
		vals = append(vals, v)
	}
	sort.Strings(vals)
	fmt.Println(nans, vals)
	clear(m)
	fmt.Println("after clear:", len(m))
	m[math.Copysign(0, -1)] = "neg zero"
	m[0] = "zero"
	fmt.Println(len(m), m[0])
}
