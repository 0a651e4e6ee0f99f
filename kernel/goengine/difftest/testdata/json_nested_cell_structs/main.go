package main

import (
	"encoding/json"
	"fmt"
)

type address struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type person struct {
	Name    string            `json:"name"`
	Age     int               `json:"age"`
	Emails  []string          `json:"emails"`
	Home    *address          `json:"home,omitempty"`
	Work    address           `json:"work"`
	Tags    map[string]string `json:"tags,omitempty"`
	private int
}

func main() {
	p := person{Name: "Ann", Age: 30, Work: address{City: "Oslo"}, private: 1}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)
	var q person
	err = json.Unmarshal([]byte(`{"name":"Bob","age":41,"emails":["b@x"],"home":{"city":"Rome","zip":"00100"},"tags":{"k":"v"}}`), &q)
	fmt.Println(err, q.Name, q.Age, q.Emails, q.Home.City, q.Home.Zip, q.Tags["k"], q.Work.City == "")
	out, _ := json.MarshalIndent(map[string]any{"b": []int{1, 2}, "a": address{City: "X"}}, "", "  ")
	fmt.Println(string(out))
	var anyv any
	json.Unmarshal([]byte(`{"x":[1,"two",true,null]}`), &anyv)
	fmt.Printf("%v\n", anyv)
	var list []address
	fmt.Println(json.Unmarshal([]byte(`[{"city":"A"},{"city":"B","zip":"1"}]`), &list), list)
}
