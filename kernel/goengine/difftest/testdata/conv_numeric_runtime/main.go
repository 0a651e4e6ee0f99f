package main

import (
	"fmt"
	"math"
	"strconv"
)

type celsius float64
type small int8

func main() {
	fs := []float64{2.9, -2.9, 1e9, -0.5, 255.99}
	for _, f := range fs {
		fmt.Print(int(f), int32(f), " ")
	}
	fmt.Println()
	n := -1
	fmt.Println(uint8(n), uint16(n), uint32(n), uint64(n))
	big := 300
	fmt.Println(int8(big), uint8(big), small(big))
	c := celsius(36.6)
	fmt.Println(int(c), float32(c), celsius(int(c)))
	var u uint = 3
	var i int = -7
	fmt.Println(i/int(u), i%int(u), uint(i)>>60, -i>>1, i>>1)
	fmt.Println(math.MaxInt64, math.MinInt64, uint64(math.MaxUint64))
	x := math.MaxInt32
	x32 := int32(x)
	x32++
	fmt.Println(x32, int64(x32)-1)
	r := 'A' + 2
	fmt.Println(r, string(rune(r)), strconv.Itoa(int(r)), string(rune(0x1F600)))
	b := byte('z')
	b += 10
	fmt.Println(b, fmt.Sprintf("%c %U %x", 'é', 'é', "é"))
	fmt.Println(7/2, -7/2, 7.0/2, float64(7)/2, 1<<3|1, 6&^4)
	h := 0.1 + 0.2
	fmt.Println(h, h == 0.3, float32(h) == float32(0.3))
	fmt.Println(strconv.FormatFloat(1.0/3, 'f', -1, 32), strconv.FormatInt(-255, 16))
}
