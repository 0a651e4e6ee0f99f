package main

import "fmt"

type Level uint8

func (l Level) String() string { return fmt.Sprintf("L%d", uint8(l)) }

func main() {
	var top Level = 3
	for l := range top {
		fmt.Printf("%v %T\n", l, l)
	}
	const big = 3
	for i := range big {
		fmt.Printf("%T %d\n", i, i)
	}
	var u uint16 = 2
	for i := range u {
		fmt.Printf("%T %d\n", i, i)
	}
}
