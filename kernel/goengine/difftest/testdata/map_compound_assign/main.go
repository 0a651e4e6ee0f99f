package main

import "fmt"

type stats struct {
	count int
	sum   float64
}

func main() {
	counts := map[string]int{}
	for _, w := range []string{"a", "b", "a", "c", "a", "b"} {
		counts[w]++
	}
	fmt.Println(counts)
	counts["a"] += 10
	counts["b"] *= 3
	counts["c"] -= 5
	counts["d"] |= 6
	counts["a"] <<= 1
	fmt.Println(counts)
	fl := map[int]float64{1: 1.5}
	fl[1] /= 2
	fl[2]--
	fmt.Println(fl)
	st := map[string]stats{}
	s := st["x"]
	s.count++
	s.sum += 2.5
	st["x"] = s
	fmt.Println(st)
	strs := map[int]string{}
	strs[0] += "ab"
	strs[0] += "cd"
	fmt.Println(strs)
}
