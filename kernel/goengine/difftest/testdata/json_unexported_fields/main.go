package main

import (
	"encoding/json"
	"fmt"
)

type Account struct {
	ID       int    `json:"id" xml:"id,attr"`
	Owner    string `json:"owner" xml:"owner"`
	password string `json:"password" xml:"password"`
	balance  float64
	Tags     []string `json:"tags,omitempty" xml:"tag"`
}

type Wrapper struct {
	Account Account `json:"account"`
	note    string
}

func main() {
	a := Account{ID: 7, Owner: "ann", password: "secret", balance: 12.5}
	b, err := json.Marshal(a)
	fmt.Println(string(b), err)
	b, err = json.Marshal(Wrapper{a, "hidden"})
	fmt.Println(string(b), err)
	b, err = json.MarshalIndent([]Account{{ID: 1, Tags: []string{"x"}}}, "", " ")
	fmt.Println(string(b), err)
	var back Account
	err = json.Unmarshal([]byte(`{"id":9,"owner":"bo","password":"p","balance":3}`), &back)
	fmt.Printf("%+v %v\n", back, err)
}
