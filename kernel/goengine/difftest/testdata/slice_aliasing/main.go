package main

import "fmt"

func main() {
	base := make([]int, 5, 8)
	for i := range base {
		base[i] = i
	}
	sub := base[1:3]
	sub[0] = 100
	fmt.Println(base, sub, len(sub), cap(sub))
	sub = append(sub, 200)
	fmt.Println(base, sub)
	full := base[1:3:3]
	full = append(full, 300)
	full[0] = -1
	fmt.Println(base, full, cap(base[1:3:3]))
	c := make([]int, 2)
	n := copy(c, base)
	fmt.Println(n, c)
}
