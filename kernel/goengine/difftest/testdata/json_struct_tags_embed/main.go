package main

import (
	"encoding/json"
	"fmt"
)

type Meta struct {
	Created string `json:"created"`
	Version int    `json:"version,omitempty"`
}

type Item struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags,omitempty"`
	Price float64  `json:"price,string"`
	note  string
	Skip  bool `json:"-"`
	Meta
}

func main() {
	it := Item{ID: 1, Name: "pen", Price: 1.5, note: "hidden", Skip: true, Meta: Meta{Created: "today"}}
	b, err := json.Marshal(it)
	fmt.Println(string(b), err)
	b, _ = json.MarshalIndent(map[string]any{"b": []int{1, 2}, "a": nil}, "", "  ")
	fmt.Println(string(b))
	var back Item
	err = json.Unmarshal([]byte(`{"id":7,"name":"cup","tags":["x"],"price":"2.25","created":"now","version":3,"extra":1}`), &back)
	fmt.Printf("%+v %v\n", back, err)
	var anyv map[string]any
	json.Unmarshal([]byte(`{"n":1,"s":"x","l":[true,null],"o":{"k":2.5}}`), &anyv)
	fmt.Println(anyv["n"], anyv["s"], anyv["l"], anyv["o"])
	err = json.Unmarshal([]byte(`{"id":"x"}`), &back)
	fmt.Println(err != nil)
}
