package main

import (
	"fmt"
	"reflect"
)

type point struct{ X, Y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

func describe(v reflect.Value) string {
	if s, ok := v.Interface().(fmt.Stringer); ok {
		return "stringer " + s.String()
	}
	return fmt.Sprintf("%v of kind %v", v.Interface(), v.Kind())
}

func main() {
	fmt.Println(describe(reflect.ValueOf(point{3, 4})))
	fmt.Println(describe(reflect.ValueOf(7)))
	fmt.Println(reflect.TypeOf(point{}).NumMethod())
}
