package main

import (
	"encoding/json"
	"fmt"
)

type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

func main() {
	// A value of a type with methods held in an any, given to json.
	var v any = ID(3)
	b, err := json.Marshal(v)
	fmt.Println(string(b), err)
	b, err = json.Marshal(map[string]any{"id": ID(4), "n": 5})
	fmt.Println(string(b), err)
}
