package interp_test

import "testing"

// culab patch 137: json encodes the fields, elements and map values of
// cell interface types, a recursive type's too.
func TestJSONCellInterfacePlaces(t *testing.T) {
	got := evalMain(t, `package main

import (
	"encoding/json"
	"fmt"
)

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

type Sq struct{ S int }

func (s *Sq) Area() float64 { return float64(s.S * s.S) }

type node struct {
	Val  Shape
	Next *node
}

type Scene struct {
	Shape
	Tags  map[string]Shape
	Items [2]Shape
	Main  Shape `+"`json:\"main,omitempty\"`"+`
}

func main() {
	b, err := json.Marshal([]Shape{Rect{1, 2}, &Sq{3}, nil})
	fmt.Println(string(b), err)
	b, err = json.Marshal(&Scene{Shape: Rect{1, 1}, Tags: map[string]Shape{"a": &Sq{2}}, Items: [2]Shape{Rect{}}})
	fmt.Println(string(b), err)
	b, err = json.Marshal(&node{Val: Rect{1, 1}, Next: &node{Val: &Sq{1}}})
	fmt.Println(string(b), err)
	loop := &node{Val: Rect{}}
	loop.Next = loop
	_, err = json.Marshal(loop)
	fmt.Println(err != nil)
}
`)
	want := `[{"W":1,"H":2},{"S":3},null] <nil>
{"Shape":{"W":1,"H":1},"Tags":{"a":{"S":2}},"Items":[{"W":0,"H":0},null]} <nil>
{"Val":{"W":1,"H":1},"Next":{"Val":{"S":1},"Next":null}} <nil>
true
`
	if got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
