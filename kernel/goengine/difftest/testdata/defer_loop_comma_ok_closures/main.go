package main

import "fmt"

type shape interface{ area() float64 }
type square struct{ s float64 }
type circle struct{ r float64 }

func (q square) area() float64 { return q.s * q.s }
func (c circle) area() float64 { return 3 * c.r * c.r }

// Deferred closures in a loop see each iteration's comma-ok variables.
func report(shapes []any) {
	for i, x := range shapes {
		sh, ok := x.(shape)
		defer func() {
			if ok {
				fmt.Println(i, "area", sh.area())
			} else {
				fmt.Println(i, "not a shape")
			}
		}()
	}
}

func main() {
	report([]any{square{2}, "text", circle{1}})
	counts := map[string]int{"a": 1}
	for _, k := range []string{"a", "b"} {
		n, found := counts[k]
		defer fmt.Println("deferred", k, n, found)
		defer func() { fmt.Println("closure", k, n, found) }()
	}
}
