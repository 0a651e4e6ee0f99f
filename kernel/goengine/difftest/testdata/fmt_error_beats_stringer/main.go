package main

import "fmt"

type both struct{}

func (both) Error() string  { return "as error" }
func (both) String() string { return "as stringer" }

type gostr struct{ a int }

func (g gostr) GoString() string { return fmt.Sprintf("gostr{a: %d}", g.a) }
func (g gostr) String() string   { return "gs" }

func main() {
	fmt.Println(both{})
	fmt.Printf("%v %s\n", both{}, []both{{}})
	fmt.Printf("%v %#v %+v\n", gostr{1}, gostr{2}, gostr{3})
	fmt.Printf("%#v\n", []gostr{{4}})
}
