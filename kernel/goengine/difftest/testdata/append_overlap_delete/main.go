package main

import (
	"fmt"
	"slices"
)

func main() {
	s := []int{0, 1, 2, 3, 4, 5}
	s = append(s[:1], s[2:]...)
	fmt.Println(s, len(s), cap(s))
	t := []int{0, 1, 2, 3}
	t = append(t[:2], t[1:]...)
	fmt.Println(t)
	u := []int{1, 2, 3}
	u = append(u, u...)
	fmt.Println(u)
	v := make([]int, 0, 8)
	v = append(v, 1, 2, 3)
	w := append(v[:1], 9)
	fmt.Println(v, w)
	n := copy(v[1:], v)
	fmt.Println(n, v)
	x := []string{"a", "b", "c", "d"}
	x = slices.Delete(x, 1, 3)
	fmt.Println(x, len(x))
	y := slices.Insert([]int{1, 4}, 1, 2, 3)
	fmt.Println(y, slices.Index(y, 3), slices.Contains(y, 5))
	z := slices.Compact([]int{1, 1, 2, 2, 2, 3, 1})
	slices.Reverse(z)
	fmt.Println(z, len(z))
}
