package main

import (
	"fmt"
	"strconv"
)

type celsius float64
type id int
type label string

func main() {
	c := celsius(36.6)
	f := float64(c)*9/5 + 32
	fmt.Printf("%.2f %T %v\n", f, c, c)
	i := id(65)
	fmt.Println(string(rune(i)), strconv.Itoa(int(i)), label(rune(i)))
	l := label("abc")
	bs := []byte(l)
	rs := []rune(l)
	fmt.Println(bs, rs, label(bs[1:]), string(rs[2]))
	var x uint16 = 0xABCD
	fmt.Println(byte(x), byte(x>>8), int8(x), rune(x))
	fmt.Println(id(3.0), celsius(id(7))/2, int(c-44.5))
	type pair struct{ a, b int }
	type pair2 struct{ a, b int }
	p := pair2(pair{1, 2})
	fmt.Printf("%+v\n", p)
	n, err := strconv.Atoi(string(l))
	fmt.Println(n, err)
}
