// encoding/gob: a struct with nested structs, slices and maps encoded to a
// buffer and decoded back, then values of a registered type in an
// interface field.
package main

import (
	"bytes"
	"encoding/gob"
	"fmt"
)

type Point struct{ X, Y int }

type Route struct {
	Name   string
	Stops  []Point
	Weight map[string]float64
	Next   *Point
}

func main() {
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	in := Route{Name: "loop", Stops: []Point{{1, 2}, {3, 4}}, Weight: map[string]float64{"a": 1.5}, Next: &Point{9, 9}}
	if err := enc.Encode(in); err != nil {
		fmt.Println("encode:", err)
		return
	}
	var out Route
	if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
		fmt.Println("decode:", err)
		return
	}
	fmt.Println(out.Name, out.Stops, out.Weight, *out.Next)

	buf.Reset()
	nums := []int{3, 1, 4}
	gob.NewEncoder(&buf).Encode(nums)
	var back []int
	gob.NewDecoder(&buf).Decode(&back)
	fmt.Println(back)
}
