// Dispatching on a "type" field with json.RawMessage, and values of
// several cell types behind an interface, encoded through an any.
package main

import (
	"encoding/json"
	"fmt"
	"sort"
)

type Shape interface {
	Area() float64
}

type Circle struct {
	R float64 `json:"r"`
}

func (c Circle) Area() float64 { return 3 * c.R * c.R }

type Rect struct {
	W, H float64
}

func (r Rect) Area() float64 { return r.W * r.H }

type envelope struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

func decode(raw string) (Shape, error) {
	var e envelope
	if err := json.Unmarshal([]byte(raw), &e); err != nil {
		return nil, err
	}
	switch e.Type {
	case "circle":
		var c Circle
		err := json.Unmarshal(e.Data, &c)
		return c, err
	case "rect":
		var r Rect
		err := json.Unmarshal(e.Data, &r)
		return r, err
	}
	return nil, fmt.Errorf("unknown shape %q", e.Type)
}

func main() {
	inputs := []string{
		`{"type":"circle","data":{"r":2}}`,
		`{"type":"rect","data":{"W":3,"H":4}}`,
		`{"type":"blob","data":{}}`,
	}
	var shapes []Shape
	for _, in := range inputs {
		s, err := decode(in)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		shapes = append(shapes, s)
	}
	sort.Slice(shapes, func(i, j int) bool { return shapes[i].Area() < shapes[j].Area() })
	for _, s := range shapes {
		fmt.Printf("%T %.1f\n", s, s.Area())
	}

	// Back out: the shapes as any, in a map and a slice.
	out := map[string]any{"count": len(shapes), "shapes": []any{shapes[0], shapes[1]}}
	b, err := json.Marshal(out)
	fmt.Println(string(b), err)
	b, err = json.Marshal(struct {
		First any
		Raw   json.RawMessage
	}{shapes[1], json.RawMessage(`{"keep":true}`)})
	fmt.Println(string(b), err)
}
