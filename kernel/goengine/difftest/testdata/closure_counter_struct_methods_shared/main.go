package main

import "fmt"

type meter struct {
	inc   func() int
	reset func()
	peek  func() int
}

func newMeter(step int) meter {
	n := 0
	return meter{
		inc:   func() int { n += step; return n },
		reset: func() { n = 0 },
		peek:  func() int { return n },
	}
}

func compose[A, B, C any](f func(A) B, g func(B) C) func(A) C {
	return func(a A) C { return g(f(a)) }
}

func main() {
	m := newMeter(3)
	m.inc()
	m.inc()
	copyM := m
	copyM.inc()
	fmt.Println(m.peek(), copyM.peek())
	m.reset()
	fmt.Println(copyM.peek())
	other := newMeter(10)
	fmt.Println(other.inc(), m.inc())

	var memo func(int) int
	cache := map[int]int{}
	memo = func(n int) int {
		if n < 2 {
			return n
		}
		if v, ok := cache[n]; ok {
			return v
		}
		v := memo(n-1) + memo(n-2)
		cache[n] = v
		return v
	}
	fmt.Println(memo(80), len(cache))
	lenThenDouble := compose(func(s string) int { return len(s) }, func(n int) float64 { return float64(n) * 2.5 })
	fmt.Println(lenThenDouble("four"))
}
