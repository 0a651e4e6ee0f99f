package main

import (
	"errors"
	"fmt"
)

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type shape interface{ Area() float64 }

type square struct{ s float64 }

func (q square) Area() float64    { return q.s * q.s }
func (q square) String() string   { return fmt.Sprintf("square(%g)", q.s) }
func (q *square) Scale(f float64) { q.s *= f }

type myErr struct{ code int }

func (e *myErr) Error() string { return fmt.Sprintf("code %d", e.code) }

func make1(kind int) any {
	switch kind {
	case 0:
		return celsius(21.5)
	case 1:
		return square{3}
	case 2:
		return &square{2}
	case 3:
		return &myErr{7}
	}
	return nil
}

func asErr() error { return make1(3).(error) }

func main() {
	for k := 0; k < 4; k++ {
		v := make1(k)
		fmt.Println(v)
		fmt.Printf("%v %s %T\n", v, v, v)
		if s, ok := v.(fmt.Stringer); ok {
			fmt.Println("stringer:", s.String())
		}
		if sh, ok := v.(shape); ok {
			fmt.Println("area:", sh.Area())
		}
		if sc, ok := v.(interface{ Scale(float64) }); ok {
			sc.Scale(2)
			fmt.Println("scaled:", v)
		}
		if e, ok := v.(error); ok {
			fmt.Println("error:", e)
		}
	}
	err := asErr()
	var me *myErr
	fmt.Println(errors.As(err, &me), me.code)
	wrapped := fmt.Errorf("wrap: %w", err)
	fmt.Println(wrapped, errors.As(wrapped, &me))
	vals := []any{make1(0), make1(1), make1(3)}
	fmt.Println(vals)
	fmt.Printf("%v\n", vals)
}
