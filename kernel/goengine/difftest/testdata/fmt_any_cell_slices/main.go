package main

import "fmt"

// Slices and arrays of a type with a String method, held in an any: the
// any holds a value of a type without methods of its own.
type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type IDs []ID

func main() {
	var a any = []ID{1, 2}
	var b any = [2]ID{3}
	c := any(IDs{4})
	var d any
	d = [][]ID{{5}, {6, 7}}
	fmt.Println(a, b, c, d)
	fmt.Printf("%v|%+v|%s|%d|%q\n", a, a, a, a, a)
	fmt.Printf("%v|%d|%5s|\n", b, b, c)
	fmt.Printf("%T %T %T %T\n", a, b, c, d)
	fmt.Printf("%#v\n", a)
	xs := []any{ID(8), []ID{9}, [1]ID{10}, IDs{11}}
	fmt.Println(xs)
	fmt.Println(fmt.Sprint(xs...), fmt.Sprintf("%v", xs[1]))
	var none []ID
	var e any = none
	fmt.Println(e, e == nil, len(fmt.Sprint(e)))
}
