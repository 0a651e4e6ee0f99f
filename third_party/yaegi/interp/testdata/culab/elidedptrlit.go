// culab patch 90: elided composite literals of pointers to slices, arrays
// and maps (&[]T{...}, &map[K]V{...}).
package main

import "fmt"

type pt struct{ X int }

func main() {
	s := []*[]pt{{{1}, {2}}}
	fmt.Println(len(*s[0]), (*s[0])[1].X)
	m := map[string]*map[string]pt{"a": {"b": {3}}}
	fmt.Println((*m["a"])["b"].X)
	a := [2]*[2]int{{1, 2}, {3}}
	fmt.Println(*a[0], *a[1])
	type ints []int
	n := []*ints{{4, 5}}
	fmt.Println(*n[0], len(*n[0]))
	mk := map[*[1]int]bool{{9}: true}
	for k := range mk {
		fmt.Println(*k)
	}
}

// Output:
// 2 2
// 3
// [1 2] [3 0]
// [4 5] 2
// [9]
