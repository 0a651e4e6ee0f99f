package main

import "fmt"

func main() {
	base := []int{0, 1, 2, 3, 4, 5}
	a := base[1:3]
	b := base[2:5]
	a[1] = 20
	fmt.Println(base, a, b, len(a), cap(a))
	c := base[1:3:3]
	c = append(c, 99)
	fmt.Println(base, c)
	d := append(base[:2], 100)
	fmt.Println(base, d)
	dst := make([]int, 3)
	n := copy(dst, base[3:])
	fmt.Println(n, dst)
	n = copy(base[1:], base)
	fmt.Println(n, base)
	bs := make([]byte, 3)
	copy(bs, "héllo")
	fmt.Println(bs)
	var nilS []int
	fmt.Println(nilS == nil, len(nilS[0:0]), append(nilS, 1))
	matrix := make([][]int, 3)
	for i := range matrix {
		matrix[i] = make([]int, i+1)
		for j := range matrix[i] {
			matrix[i][j] = i * j
		}
	}
	fmt.Println(matrix)
	s := []string{"a", "b", "c", "d"}
	s = append(s[:1], s[2:]...)
	fmt.Println(s, len(s))
	rev := []int{1, 2, 3, 4, 5}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	fmt.Println(rev)
}
