package main

import (
	"fmt"
	"math"
	"sort"
)

func main() {
	nan := math.NaN()
	m := map[float64]int{}
	m[nan] = 1
	m[nan] = 2
	m[1] = 3
	fmt.Println(len(m))
	_, ok := m[nan]
	fmt.Println(ok)
	sum := 0
	keys := []float64{}
	for k, v := range m {
		sum += v
		keys = append(keys, k)
	}
	sort.Float64s(keys)
	fmt.Println(sum, keys)
	fmt.Println(nan == nan, nan != nan, nan < 1, nan > 1)
	delete(m, nan)
	fmt.Println(len(m))
	clear(m)
	fmt.Println(len(m))
	inf := math.Inf(1)
	fmt.Println(inf-inf, inf*0, -inf, math.IsNaN(inf-inf))
	fmt.Printf("%5.1f|%-6v|%+v\n", nan, inf, inf)
}
