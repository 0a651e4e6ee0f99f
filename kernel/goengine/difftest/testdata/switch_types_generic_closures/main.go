package main

import "fmt"

type shape interface{ area() float64 }
type sq struct{ s float64 }
type circ struct{ r float64 }

func (s sq) area() float64    { return s.s * s.s }
func (c *circ) area() float64 { return 3 * c.r * c.r }

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", x, x)
	case shape:
		return fmt.Sprintf("shape %.1f", x.area())
	case []any:
		s := "["
		for _, e := range x {
			s += describe(e) + ";"
		}
		return s + "]"
	case func() int:
		return fmt.Sprint("func ", x())
	case error:
		return "error " + x.Error()
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func main() {
	fmt.Println(describe(nil))
	fmt.Println(describe(3))
	fmt.Println(describe(int64(4)))
	fmt.Println(describe(sq{2}))
	fmt.Println(describe(&circ{1}))
	fmt.Println(describe(circ{1}))
	fmt.Println(describe([]any{1, sq{1}, "s"}))
	fmt.Println(describe(func() int { return 9 }))
	fmt.Println(describe(fmt.Errorf("e")))
	fmt.Println(describe(map[string]int{}))
}
