package main

import "fmt"

type perm uint8

const (
	read perm = 1 << iota
	write
	exec
	_
	admin
)

func (p perm) String() string {
	s := ""
	for i, n := range []string{"r", "w", "x", "?", "A"} {
		if p&(1<<i) != 0 {
			s += n
		} else {
			s += "-"
		}
	}
	return s
}

type size float64

const (
	_       = iota
	KB size = 1 << (10 * iota)
	MB
	GB
)

const (
	a, b = iota, iota * 10
	c, d
	e, f = "e", iota
)

func main() {
	fmt.Println(read, write, exec, admin, read|exec, perm(0))
	fmt.Printf("%d %d %v\n", admin, read|write|exec|admin, []perm{1, 6})
	fmt.Println(KB, MB, GB)
	fmt.Println(a, b, c, d, e, f)
	var p perm = read | write
	p &^= write
	fmt.Println(p, p&write == 0)
}
