package main

import "fmt"

func makeAcc() (func(int), func() []int) {
	var hist []int
	total := 0
	add := func(n int) {
		total += n
		hist = append(hist, total)
	}
	get := func() []int { return hist }
	return add, get
}

func main() {
	add, get := makeAcc()
	add(1)
	add(2)
	h := get()
	add(3)
	fmt.Println(h, get())
	var fs []func() int
	x := 0
	for i := 0; i < 3; i++ {
		x += 10
		fs = append(fs, func() int { return x + i })
	}
	x = 1000
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	counter := func() func() int {
		c := 0
		return func() int { c++; return c }
	}
	c1, c2 := counter(), counter()
	fmt.Println(c1(), c1(), c2(), c1())
	fib := func() func() int {
		a, b := 0, 1
		return func() int { r := a; a, b = b, a+b; return r }
	}()
	for i := 0; i < 8; i++ {
		fmt.Print(fib(), ",")
	}
	fmt.Println()
}
