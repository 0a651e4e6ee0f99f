package main

import (
	"fmt"
	"strconv"
)

type number interface {
	~int | ~int64 | ~float64
}

type meters float64

func (m meters) String() string { return strconv.FormatFloat(float64(m), 'f', 1, 64) + "m" }

func describe[T number](v T) string {
	switch x := any(v).(type) {
	case int:
		return "int " + strconv.Itoa(x)
	case meters:
		return "meters " + x.String()
	case fmt.Stringer:
		return "stringer " + x.String()
	case float64:
		return "float64 " + strconv.FormatFloat(x, 'g', -1, 64)
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func sum[T number](vs ...T) (s T) {
	for _, v := range vs {
		s += v
	}
	return
}

type ticks int64

func main() {
	fmt.Println(describe(3))
	fmt.Println(describe(meters(2.5)))
	fmt.Println(describe(0.25))
	fmt.Println(describe(ticks(9)))
	fmt.Println(sum(meters(1), 2, 3.5), sum[ticks](), sum(1.5, 2))
	fmt.Printf("%T %v\n", sum(ticks(2), 3), sum(ticks(2), 3))
}
