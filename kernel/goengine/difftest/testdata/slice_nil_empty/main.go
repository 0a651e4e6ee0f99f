package main

import (
	"encoding/json"
	"fmt"
)

func main() {
	var nilSlice []string
	empty := []string{}
	made := make([]string, 0)
	fmt.Println(nilSlice == nil, empty == nil, made == nil)
	fmt.Println(len(nilSlice), len(empty))
	fmt.Printf("%v %v %#v %#v\n", nilSlice, empty, nilSlice, empty)
	a, _ := json.Marshal(nilSlice)
	b, _ := json.Marshal(empty)
	fmt.Println(string(a), string(b))
	nilSlice = append(nilSlice, "x")
	fmt.Println(nilSlice)
}
