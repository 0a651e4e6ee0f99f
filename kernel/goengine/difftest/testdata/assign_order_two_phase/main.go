package main

import "fmt"

type node struct {
	val  int
	next *node
}

func main() {
	a := []int{10, 20, 30}
	i := 0
	i, a[i] = 1, 99
	fmt.Println(i, a)
	j := 2
	a[j], j = 7, 0
	fmt.Println(j, a)
	x, y := 1, 2
	x, y = y, x+y
	fmt.Println(x, y)
	a[0], a[1], a[2] = a[2], a[0], a[1]
	fmt.Println(a)
	n := &node{1, &node{2, nil}}
	p := n
	p, p.val = p.next, 5
	fmt.Println(n.val, p.val)
	m := map[string]int{}
	k := "a"
	k, m[k] = "b", 1
	fmt.Println(k, m)
	arr := [3]int{1, 2, 3}
	idx := func(v int) int { fmt.Print("idx", v, " "); return v }
	val := func(v int) int { fmt.Print("val", v, " "); return v }
	arr[idx(0)], arr[idx(1)] = val(5), val(6)
	fmt.Println(arr)
}
