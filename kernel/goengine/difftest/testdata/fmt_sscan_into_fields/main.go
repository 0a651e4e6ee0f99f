package main

import (
	"fmt"
	"strings"
)

type pt struct {
	X, Y int
	Name string
}

type temp float64

func main() {
	var p pt
	n, err := fmt.Sscanf("3,4 home", "%d,%d %s", &p.X, &p.Y, &p.Name)
	fmt.Println(n, err, p)
	var arr [3]int
	n, err = fmt.Sscan("7 8 9", &arr[0], &arr[1], &arr[2])
	fmt.Println(n, err, arr)
	var t temp
	fmt.Sscan("21.5", &t)
	fmt.Println(t)
	ps := make([]pt, 2)
	r := strings.NewReader("1 2 a\n3 4 b\n")
	for i := range ps {
		fmt.Fscanln(r, &ps[i].X, &ps[i].Y, &ps[i].Name)
	}
	fmt.Println(ps)
	var h, m int
	_, err = fmt.Sscanf("12:x", "%d:%d", &h, &m)
	fmt.Println(h, m, err)
	var word string
	var num int
	fmt.Sscanf("age=30", "age=%d", &num)
	fmt.Sscanf("  hello  ", "%s", &word)
	fmt.Printf("%d %q\n", num, word)
	var b bool
	var r2 rune
	fmt.Sscanf("true Z", "%t %c", &b, &r2)
	fmt.Println(b, string(r2))
	var hx int
	fmt.Sscanf("ff", "%x", &hx)
	fmt.Println(hx)
}
