package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"3.14", "1e10", "-0", "inf", "NaN", "0x1p-2", "1e400", "abc"} {
		f, err := strconv.ParseFloat(s, 64)
		fmt.Println(s, f, err)
	}
	x := 1234.5678
	fmt.Println(strconv.FormatFloat(x, 'f', 2, 64), strconv.FormatFloat(x, 'e', 3, 64), strconv.FormatFloat(x, 'g', -1, 64))
	fmt.Println(strconv.FormatFloat(0.1, 'f', -1, 32), strconv.FormatFloat(0.1, 'f', 20, 64))
	f32, err := strconv.ParseFloat("0.1", 32)
	fmt.Println(f32, err)
}
