// JSON of values of types with methods held in interfaces: json.Marshal
// and an Encoder see the values, their fields and elements, whatever
// holds them (any, []any, map[string]any, pointers, struct fields).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type Item struct {
	Name  string `json:"name"`
	Tags  []string
	Extra any `json:"extra,omitempty"`
}

func (it Item) Describe() string { return it.Name + " " + strings.Join(it.Tags, ",") }

type Box struct {
	Items []any
	ByID  map[string]any
	Ptr   *Item
}

func main() {
	enc := json.NewEncoder(os.Stdout)
	fmt.Println(enc.Encode(ID(3)))
	var v any = ID(3)
	b, err := json.Marshal(v)
	fmt.Println(string(b), err)
	enc.Encode(map[string]any{"id": ID(4), "n": 5})

	it := Item{Name: "x", Tags: []string{"a"}, Extra: ID(7)}
	enc.Encode(it)
	enc.Encode([]any{it, &it, ID(1), nil})
	box := Box{
		Items: []any{ID(2), Item{Name: "in"}},
		ByID:  map[string]any{"k": Item{Name: "m", Extra: []any{ID(9)}}},
		Ptr:   &it,
	}
	enc.SetIndent("", "  ")
	enc.Encode(box)

	// The values encoded are unchanged, methods and all.
	fmt.Println(it.Extra, box.Items[0], box.Items[1].(Item).Describe())

	var sb strings.Builder
	json.NewEncoder(&sb).Encode(any(Item{Name: "sb", Tags: []string{"p", "q"}}))
	fmt.Print(sb.String())
	b, err = json.MarshalIndent(map[string]any{"box": box}, "", " ")
	fmt.Println(string(b), err)
}
