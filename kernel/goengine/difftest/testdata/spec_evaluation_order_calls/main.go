package main

import "fmt"

var trace []string

func get(name string, v int) int {
	trace = append(trace, name)
	return v
}

func flush() {
	fmt.Println(trace)
	trace = trace[:0]
}

type point struct{ x, y int }

func main() {
	r := get("a", 1) + get("b", 2)*get("c", 3)
	fmt.Println(r)
	flush()
	xs := []int{get("e0", 10), get("e1", 20)}
	m := map[int]int{get("k1", 1): get("v1", 2), get("k2", 3): get("v2", 4)}
	p := point{y: get("y", 5), x: get("x", 6)}
	fmt.Println(xs, len(m), p)
	flush()
	arr := make([]int, 3)
	arr[get("idx", 1)] = get("rhs", 7)
	fmt.Println(arr)
	flush()
	f := func(a, b, c int) int { return a*100 + b*10 + c }
	fmt.Println(f(get("p1", 1), get("p2", 2), get("p3", 3)))
	flush()
	ok := get("l", 0) == 1 && get("never", 1) == 1 || get("r", 2) == 2
	fmt.Println(ok)
	flush()
	i := 0
	i, arr[i] = 2, 9
	fmt.Println(i, arr)
	s := []int{1, 2, 3}
	s, s[0] = []int{7}, 100
	fmt.Println(s)
	defer flush()
	defer fmt.Println("deferred arg", get("d", 1))
	get("body", 0)
}
