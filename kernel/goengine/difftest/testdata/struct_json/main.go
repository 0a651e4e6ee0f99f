package main

import (
	"encoding/json"
	"fmt"
)

type Address struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type Person struct {
	Name    string   `json:"name"`
	Age     int      `json:"age"`
	Emails  []string `json:"emails"`
	Addr    *Address `json:"address,omitempty"`
	private int
	Skip    bool `json:"-"`
}

func main() {
	p := Person{Name: "Ann", Age: 30, Emails: []string{"a@x.org"}, Addr: &Address{City: "Oslo"}, private: 1, Skip: true}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)
	var back Person
	err = json.Unmarshal([]byte(`{"name":"Bo","age":41,"emails":null,"address":{"city":"Rome","zip":"00100"}}`), &back)
	fmt.Printf("%q %d %v %+v %v\n", back.Name, back.Age, back.Emails == nil, *back.Addr, err)
	ind, _ := json.MarshalIndent(map[string]any{"b": []int{1, 2}, "a": true}, "", "  ")
	fmt.Println(string(ind))
	var anyv any
	json.Unmarshal([]byte(`{"x":[1,"two",null,3.5]}`), &anyv)
	fmt.Printf("%v\n", anyv)
}
