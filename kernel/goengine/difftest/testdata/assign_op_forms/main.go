package main

import "fmt"

type pt struct{ x, y int }

func main() {
	m := map[string]string{}
	m["a"] += "x"
	m["a"] += "y"
	arr := [3]int{1, 2, 3}
	arr[1] <<= 2
	arr[2] %= 2
	p := &arr[0]
	*p++
	*p *= 10
	b := []byte("abc")
	b[0]++
	b[1] ^= 0x20
	var f float32 = 1
	f *= 1.5
	f /= 4
	a, c := 0, 1
	for i := 0; i < 10; i++ {
		a, c = c, a+c
	}
	s := ""
	for i := 0; i < 3; i++ {
		s += fmt.Sprint(i)
	}
	mp := map[pt]int{}
	mp[pt{1, 2}]++
	mp[pt{1, 2}] += 5
	ptrs := map[string]*pt{"k": {1, 1}}
	ptrs["k"].x += 10
	sl := []pt{{1, 1}}
	sl[0].y -= 5
	var u uint8 = 250
	u += 10
	var i8 int8 = -128
	i8--
	x := 7
	x &^= 5
	y := -7
	y >>= 1
	z := 1
	z <<= 62
	z <<= 1
	fmt.Println(m, arr, string(b), f, a, c, s, mp, *ptrs["k"], sl, u, i8, x, y, z)
	cnt := map[rune]int{}
	for _, r := range "hello" {
		cnt[r]++
	}
	fmt.Println(cnt['l'], cnt['h'], len(cnt))
	var nested = map[string]map[string]int{"o": {}}
	nested["o"]["i"] += 3
	nested["o"]["i"]++
	fmt.Println(nested)
	matrix := [][]float64{{1, 2}, {3, 4}}
	matrix[1][0] /= 2
	fmt.Println(matrix)
}
