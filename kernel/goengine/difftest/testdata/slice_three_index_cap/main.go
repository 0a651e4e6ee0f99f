package main

import "fmt"

func main() {
	arr := [6]int{0, 1, 2, 3, 4, 5}
	a := arr[1:3]
	b := arr[1:3:3]
	fmt.Println(len(a), cap(a), len(b), cap(b))
	a = append(a, 100)
	fmt.Println(arr)
	b = append(b, 200)
	fmt.Println(arr, b)
	c := a[:cap(a)]
	fmt.Println(c)
	d := arr[:0:0]
	d = append(d, 9)
	fmt.Println(arr[0], d)
	s := []int{1, 2, 3, 4}
	t := s[2:]
	t[0] = 30
	u := s[:2]
	u = append(u, 33)
	fmt.Println(s, t, u)
	p := &arr
	q := p[4:]
	q[1] = -5
	fmt.Println(arr[5], len(p[:]), cap(p[2:4:5]))
	str := "hello"
	fmt.Println(str[1:3], str[:0] == "", str[5:])
}
