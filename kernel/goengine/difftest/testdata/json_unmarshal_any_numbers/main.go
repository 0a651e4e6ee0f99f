package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

func describe(v any, indent string) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Printf("%s%s: %T\n", indent, k, x[k])
			describe(x[k], indent+"  ")
		}
	case []any:
		for i, e := range x {
			fmt.Printf("%s[%d] %T %v\n", indent, i, e, e)
		}
	}
}

func main() {
	src := `{"n": 12345678901234567890, "f": 1.5, "s": "x", "b": true, "z": null, "a": [1, "two", 3.0, false, null], "o": {"k": 2}}`
	var v any
	if err := json.Unmarshal([]byte(src), &v); err != nil {
		fmt.Println(err)
		return
	}
	describe(v, "")
	fmt.Println(v.(map[string]any)["n"])

	dec := json.NewDecoder(strings.NewReader(src))
	dec.UseNumber()
	var m map[string]any
	fmt.Println(dec.Decode(&m))
	n := m["n"].(json.Number)
	_, err := n.Int64()
	fmt.Printf("%T %s %v\n", n, n, err)
	f, _ := m["f"].(json.Number).Float64()
	fmt.Println(f)

	var bad struct{ N int8 }
	fmt.Println(json.Unmarshal([]byte(`{"N": 300}`), &bad), bad.N)
	fmt.Println(json.Unmarshal([]byte(`{"N": "3"}`), &bad))
	fmt.Println(json.Unmarshal([]byte(`{"N": 3`), &bad))
}
