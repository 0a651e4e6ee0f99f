package main

import "fmt"

func count(xs []int) int {
	len := 0
	for range xs {
		len++
	}
	return len
}

func main() {
	fmt.Println(count([]int{1, 2, 3}))
	{
		true := false
		fmt.Println(true, !true)
	}
	fmt.Println(true)
	nil := 5
	fmt.Println(nil + 1)
	{
		type int = string
		var x int = "not a number"
		fmt.Println(x)
	}
	var y int = 3
	fmt.Println(y * 2)
	cap := func(s string) string { return "[" + s + "]" }
	fmt.Println(cap("x"))
	const (
		a = iota
		b
	)
	iota := 7
	fmt.Println(iota, a, b)
	append := 1
	fmt.Println(append)
}
