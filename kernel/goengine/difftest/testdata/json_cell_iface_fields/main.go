package main

import (
	"encoding/json"
	"fmt"
)

type Shape interface{ Area() float64 }

type Rect struct {
	W, H float64
}

func (r Rect) Area() float64 { return r.W * r.H }

type Circle struct {
	R float64 `json:"radius"`
}

func (c Circle) Area() float64 { return 3 * c.R * c.R }

type Scene struct {
	Name   string  `json:"name"`
	Shapes []Shape `json:"shapes"`
	Main   Shape   `json:"main,omitempty"`
	Extra  any     `json:"extra"`
}

func main() {
	s := Scene{Name: "s", Shapes: []Shape{Rect{1, 2}, Circle{3}}, Main: Rect{4, 5}, Extra: map[string]Shape{"c": Circle{1}}}
	b, err := json.Marshal(s)
	fmt.Println(string(b), err)
	var total float64
	for _, sh := range s.Shapes {
		total += sh.Area()
	}
	fmt.Println(total)
	b, _ = json.MarshalIndent(Scene{Name: "empty"}, "", " ")
	fmt.Println(string(b))
	var back struct {
		Name   string           `json:"name"`
		Shapes []map[string]any `json:"shapes"`
	}
	json.Unmarshal([]byte(`{"name":"n","shapes":[{"W":1,"H":2},{"radius":3}]}`), &back)
	fmt.Println(back.Name, len(back.Shapes), back.Shapes[1]["radius"])
}
