package main

import "fmt"

// Maps whose keys or values are of a type with a String method, held in
// an any, printed with their keys sorted as fmt sorts them.
type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%02d", int(i)) }

type Name string

func (n Name) String() string { return "name:" + string(n) }

func main() {
	var a any = map[ID]string{3: "c", 1: "a", 2: "b"}
	var b any = map[string]ID{"y": 2, "x": 1}
	var c any = map[Name][]ID{"q": {1}, "p": {2, 3}}
	var d any = map[[2]ID]bool{{2, 1}: true, {1, 2}: false}
	fmt.Println(a)
	fmt.Println(b)
	fmt.Println(c)
	fmt.Println(d)
	fmt.Printf("%v|%d|%s\n", a, a, b)
	fmt.Printf("%+v|%q\n", c, b)
	fmt.Printf("%T %T\n", a, c)
	m := map[string]any{"ids": []ID{9, 8}, "byID": map[ID]ID{2: 1}}
	fmt.Println(m)
	keys := map[any]int{[1]ID{2}: 2, [1]ID{1}: 1}
	fmt.Println(keys)
}
