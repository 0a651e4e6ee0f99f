// culab patch 84: a value of a defined type without methods keeps its
// dynamic type in an any: type switches, assertions and == see it.
package main

import (
	"encoding/json"
	"fmt"
)

type celsius float64
type fahrenheit float64
type name string
type path []string
type level int

func describe(v any) string {
	switch t := v.(type) {
	case celsius:
		return fmt.Sprintf("%.1f C", float64(t))
	case fahrenheit:
		return fmt.Sprintf("%.1f F", float64(t))
	case float64:
		return fmt.Sprintf("%.1f plain", t)
	case []string:
		return fmt.Sprint("strings ", len(t))
	case path:
		return fmt.Sprint("path ", len(t))
	case int:
		return "int"
	case level:
		return "level"
	}
	return "other"
}

func box[T any](v T) any { return v }

type holder struct{ v any }

func main() {
	for _, v := range []any{celsius(20), fahrenheit(68), 1.5, path{"a"}, []string{"b", "c"}, level(0), 0, "x"} {
		fmt.Println(describe(v))
	}
	var a any = celsius(3)
	_, ok := a.(float64)
	_, ok2 := a.(celsius)
	fmt.Println(ok, ok2)
	fmt.Println(any(name("x")) == any("x"), any(name("x")) == any(name("x")), a == celsius(3), a == any(3.0))
	m := map[string]any{"c": celsius(1), "l": level(2)}
	fmt.Println(describe(m["c"]), describe(m["l"]), describe(box(level(1))), describe(box(1)))
	h := holder{v: fahrenheit(1)}
	fmt.Println(describe(h.v))
	ch := make(chan any, 1)
	ch <- celsius(5)
	fmt.Println(describe(<-ch))
	var xs []any
	xs = append(xs, name("n"), level(7))
	fmt.Println(xs[0] == any("n"), xs[1] == any(level(7)))
	switch xs[1] {
	case 7:
		fmt.Println("int 7")
	case level(7):
		fmt.Println("level 7")
	}
	b, err := json.Marshal(map[string]any{"t": celsius(2.5), "p": path{"x"}, "n": name("y")})
	fmt.Println(string(b), err)
	fmt.Printf("%T %T %T %v\n", a, xs[1], any(path{"z"}), a)
}

// Output:
// 20.0 C
// 68.0 F
// 1.5 plain
// path 1
// strings 2
// level
// int
// other
// false true
// false true true false
// 1.0 C level level int
// 1.0 F
// 5.0 C
// false true
// level 7
// {"n":"y","p":["x"],"t":2.5} <nil>
// main.celsius main.level main.path 3
