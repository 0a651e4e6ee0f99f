package main

import "fmt"

const s = "\xff\x01"

const n = len("héllo")

func main() {
	// Indexing a constant string gives a byte variable, not a constant:
	// the addition wraps at run time.
	b := s[0] + 1
	fmt.Println(b, s[1]+255)
	fmt.Printf("%T %T\n", s[0], n)
	var arr [n]int
	fmt.Println(len(arr), n)
	const k = len([4]int{})
	fmt.Println(k * 2)
	x := 7 / 2
	y := 7 / 2.0
	fmt.Println(x, y)
	const big = 1 << 70
	fmt.Println(big>>68, float64(big))
}
