package main

import "fmt"

func main() {
	m := map[string]int{"a": 1, "b": 2}
	m["a"], m["b"] = m["b"], m["a"]
	fmt.Println(m)
	s := []int{1, 2, 3}
	i := 0
	i, s[i] = 2, 9
	fmt.Println(i, s)
	x, y := 1, 2
	x, y = y, x+y
	fmt.Println(x, y)
	arr := [3]string{"p", "q", "r"}
	arr[0], arr[2] = arr[2], arr[0]
	fmt.Println(arr)
}
