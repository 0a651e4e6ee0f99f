package main

import "fmt"

type shape interface{ area() float64 }
type sq struct{ s float64 }
type circ struct{ r float64 }

func (q sq) area() float64   { return q.s * q.s }
func (c circ) area() float64 { return 3 * c.r * c.r }

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", x, x)
	case sq, circ:
		return fmt.Sprintf("shape %T area %v", x, x.(shape).area())
	case error:
		return "error " + x.Error()
	case fmt.Stringer:
		return "stringer " + x.String()
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func main() {
	for _, v := range []any{nil, 3, int64(4), sq{2}, circ{1}, fmt.Errorf("boom"), 2.5, []int{1}} {
		fmt.Println(describe(v))
	}
	switch n := 7; {
	case n > 5 && n%2 == 1:
		fmt.Println("big odd", n)
		fallthrough
	case n > 100:
		fmt.Println("fell through")
	default:
		fmt.Println("default")
	}
}
