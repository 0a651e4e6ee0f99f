package main

import "fmt"

func main() {
	base := []int{0, 1, 2, 3, 4, 5, 6, 7}
	a := base[2:4]
	b := base[2:4:4]
	a = append(a, 100)
	b = append(b, 200)
	fmt.Println(base, a, b, len(b), cap(b))
	c := base[:0]
	for _, v := range base {
		if v%2 == 0 {
			c = append(c, v)
		}
	}
	fmt.Println(c, base)
	d := append(base[:1:1], base[5:]...)
	fmt.Println(d, base[:3])
	var grow []int
	caps := map[int]bool{}
	for i := 0; i < 100; i++ {
		grow = append(grow, i)
		caps[cap(grow)] = true
	}
	fmt.Println(len(grow), len(caps) > 3)
	s := make([]byte, 3, 10)
	t := s[1:2]
	t = append(t, 'x', 'y')
	fmt.Println(s, s[:5], t)
}
