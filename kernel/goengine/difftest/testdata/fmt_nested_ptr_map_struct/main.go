package main

import "fmt"

type Inner struct {
	A int
	B []string
}

type Outer struct {
	Name  string
	In    Inner
	M     map[string]int
	Opt   *int
	Items []Inner
}

type tag string

func main() {
	o := Outer{Name: "x", In: Inner{1, []string{"p", "q"}}, M: map[string]int{"z": 26, "a": 1}, Items: []Inner{{2, nil}}}
	fmt.Printf("%v\n%+v\n", o, o)
	fmt.Printf("%#v\n", o.In)
	fmt.Printf("%v %+v\n", &o.In, &Inner{})
	m := map[tag][]int{"b": {2}, "a": {1, 1}}
	fmt.Printf("%v %#v\n", m, m)
	nested := map[string]map[string]int{"x": {"k": 1}, "a": {"j": 2, "i": 3}}
	fmt.Println(nested)
	var np *Inner
	fmt.Printf("%v %+v\n", np, np)
	arr := [2]Inner{}
	fmt.Printf("%v|%+v\n", arr, arr)
	fmt.Printf("%v %q %x\n", []any{1, "s", nil, Inner{}}, []string{"a", "b"}, "hi")
	fmt.Printf("%5.1f|%-5d|%05d|%+d|%o|%#x|%b\n", 3.14159, 42, 42, 42, 8, 255, 5)
	fmt.Printf("%t %c %U %e %G\n", true, 'G', 'G', 123456.789, 1e-7)
	fmt.Printf("%6s|%-6s|%.2s|%T\n", "ab", "ab", "abcdef", m)
}
