package main

import (
	"fmt"
	"math"
)

const (
	a   = 1 / 2 * 2.0
	b   = 1.0 / 2 * 2
	c   = 'a' + 1
	d   = 7 / 2.0
	e   = 1 << 100 >> 98
	f   = math.MaxUint64 / (1 << 32)
	g   = 'x' * 2.5
	h   = 10 % 3 * 1.5
	i   = 5.0 == 5
	big = 1e300 * 1e300 / 1e300
)

type level int

const (
	lo level = 1 + iota*10
	mid
	hi
)

func main() {
	fmt.Println(a, b, d, e, f, i)
	fmt.Printf("%T %v %T %v\n", c, c, g, g)
	fmt.Printf("%T %v %T\n", h, h, big)
	fmt.Println(big == 1e300, lo, mid, hi)
	var x float32 = 1 / 3.0
	var y float64 = 1 / 3.0
	fmt.Println(x, y, float64(x) == y)
	const huge = 1 << 62
	fmt.Println(huge*2-1 > 0, uint64(huge*4-1))
	var n = 3
	fmt.Println(1/n, 1.0/float64(n), 7>>1, -7>>1, -7/2)
	var r rune = 'Z' - 'A'
	fmt.Printf("%T %d %c\n", r, r, 'A'+r)
	fmt.Println(len("héllo"), len([3]int{}), cap([5]string{}))
	const exact = 0.1+0.2 == 0.3
	const both = i && 'a' < 'b' || false
	const typed = mid > lo && hi != 20
	var half float64 = 1 / 2
	fmt.Println(exact, 0.1+0.2 == 0.3, both, typed, half, ratio())
}

func ratio() float64 { return 3 / 2 }
