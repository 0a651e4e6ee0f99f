package main

import (
	"encoding/json"
	"fmt"
)

type Base struct {
	ID   int
	Name string
}

type Meta struct {
	Name    string
	Version int `json:"ver"`
}

type Tagged struct {
	Label string `json:"Name"`
}

type Job struct {
	Base
	Meta
	Name2 string
}

type Job2 struct {
	Base
	Tagged
}

type Job3 struct {
	*Base
	Extra int `json:"extra,omitempty"`
}

func show(v any) {
	b, err := json.Marshal(v)
	fmt.Println(string(b), err)
}

func main() {
	show(Job{Base{1, "base"}, Meta{"meta", 2}, "own"})
	show(Job2{Base{2, "base"}, Tagged{"tagged"}})
	show(Job3{})
	show(Job3{Base: &Base{3, "p"}})
	var j Job2
	fmt.Println(json.Unmarshal([]byte(`{"ID":7,"Name":"n"}`), &j))
	fmt.Printf("%+v\n", j)
	var j3 Job3
	fmt.Println(json.Unmarshal([]byte(`{"ID":8}`), &j3), j3.Base != nil && j3.ID == 8)
}
