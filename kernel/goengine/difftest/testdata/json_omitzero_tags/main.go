package main

import (
	"encoding/json"
	"fmt"
	"time"
)

type Point struct{ X, Y int }

type Record struct {
	ID       int            `json:"id"`
	Name     string         `json:"name,omitempty"`
	Tags     []string       `json:"tags,omitempty"`
	Empty    []string       `json:"empty,omitzero"`
	Origin   Point          `json:"origin,omitzero"`
	When     time.Time      `json:"when,omitzero"`
	Count    int64          `json:"count,string"`
	Secret   string         `json:"-"`
	Dash     string         `json:"-,"`
	Meta     map[string]int `json:"meta,omitempty"`
	Ptr      *Point         `json:"ptr"`
	internal int
}

func main() {
	rs := []Record{
		{ID: 1},
		{ID: 2, Name: "b", Tags: []string{}, Empty: []string{}, Origin: Point{1, 0}, Count: 7, Secret: "s", Dash: "d"},
		{ID: 3, Meta: map[string]int{"z": 1, "a": 2}, Ptr: &Point{3, 4}, When: time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC)},
	}
	for _, r := range rs {
		b, err := json.Marshal(r)
		fmt.Println(string(b), err)
	}
	var back Record
	err := json.Unmarshal([]byte(`{"id":9,"count":"42","-":"dash","origin":{"X":5},"Secret":"no"}`), &back)
	fmt.Printf("%+v %v\n", back.Origin, err)
	fmt.Println(back.ID, back.Count, back.Dash, back.Secret == "")
}
