package main

import (
	"fmt"
	"strconv"
)

func divmod(a, b int) (q, r int) {
	q = a / b
	r = a % b
	return
}

func parse(s string) (n int, ok bool) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	return v, true
}

func swap[T any](a, b T) (T, T) { return b, a }

func pass() (int, string) { return swap2(1, "one") }

func swap2(n int, s string) (int, string) { return n * 2, s + s }

func main() {
	q, r := divmod(17, 5)
	fmt.Println(q, r)
	_, r = divmod(9, 4)
	fmt.Println(r)
	fmt.Println(parse("42"))
	fmt.Println(parse("x"))
	fmt.Println(swap("a", "b"))
	fmt.Println(pass())
	fmt.Println(divmod(swap(3, 20)))
}
