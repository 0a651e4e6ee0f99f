package main

import "fmt"

type Dim struct{ X, Y, Z int }

type Launch struct {
	Name  string
	Grid  Dim
	Block *Dim
	Args  []any
	Opts  map[string]bool
	Err   error
}

type inner struct{ a int }

type Outer struct {
	inner
	B [2]bool
}

func main() {
	l := Launch{Name: "k", Grid: Dim{1, 2, 3}, Args: []any{1, "s", nil, 2.5, Dim{}}, Opts: map[string]bool{"z": true, "a": false}}
	fmt.Printf("%#v\n", l)
	fmt.Printf("%#v\n", Outer{inner{1}, [2]bool{true}})
	fmt.Printf("%#v\n", map[Dim][]string{{1, 0, 0}: {"x"}, {0, 1, 0}: nil})
	fmt.Printf("%#v %#v\n", struct {
		A int
		b string
	}{1, "x"}, []*int{nil})
	fmt.Printf("%#v %#v %#v %#v\n", any(nil), []any{}, [0]int{}, map[string]int{})
	fmt.Printf("%#v %#v %#v\n", 'x', uint8(7), 1e6)
	fmt.Printf("%#v %#v\n", "q\"uote", []byte("hi"))
	fmt.Printf("%+v\n", l)
}
