package main

import (
	"fmt"
	"strings"
)

func two() (int, int)           { return 3, 4 }
func three() (string, int, any) { return "s", 1, nil }
func sum(xs ...int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
func pair(a, b int) string               { return fmt.Sprint(a, "-", b) }
func first(s string, rest ...any) string { return s + fmt.Sprint(len(rest), rest) }

type M struct{ v int }

func (m M) both() (int, int) { return m.v, -m.v }

func main() {
	fmt.Println(sum(two()), pair(two()), first(three()))
	fmt.Println(two())
	fmt.Println(M{5}.both())
	fmt.Println(pair(M{6}.both()))
	s := fmt.Sprint(two())
	fmt.Println(s)
	var arr [3]int
	inc := func() { arr[1]++ }
	inc()
	inc()
	fmt.Println(arr)
	m := map[string]string{}
	for _, w := range strings.Fields("a b a c a") {
		m[w] += w
	}
	fmt.Println(m["a"], m["b"], len(m))
	sl := []int{1, 2, 3, 4, 5}
	n := copy(sl, sl[2:])
	fmt.Println(n, sl)
	sl = append(sl[:1], sl[3:]...)
	fmt.Println(sl, len(sl), cap(sl))
	type rec struct{ a [2]int }
	r1, r2 := rec{[2]int{1, 2}}, rec{[2]int{1, 3}}
	fmt.Println(r1 != r2, [2]rec{r1, r2} != [2]rec{r1, r2})
	x, y := 1, 2
	x, y = y, x+y
	fmt.Println(x, y)
	a := []int{1, 2, 3}
	i := 0
	i, a[i] = 1, 9
	fmt.Println(i, a)
	var iface fmt.Stringer
	defer func() { fmt.Println("recovered:", recover() != nil) }()
	f := iface.String
	fmt.Println("unreached", f)
}
