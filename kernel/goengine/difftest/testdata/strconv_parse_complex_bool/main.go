package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"1", "t", "TRUE", "False", "yes", "0", ""} {
		b, err := strconv.ParseBool(s)
		fmt.Println(s, b, err)
	}
	for _, s := range []string{"1+2i", "(3-4.5i)", "2i", "-1", "1e3+0x1p2i", "1+2j", "NaN+Infi"} {
		c, err := strconv.ParseComplex(s, 128)
		fmt.Println(s, c, err)
	}
	fmt.Println(strconv.FormatComplex(complex(1.5, -2), 'f', 2, 128))
	fmt.Println(strconv.FormatComplex(complex(1e21, 0), 'g', -1, 64))
	c64, err := strconv.ParseComplex("1e40+1i", 64)
	fmt.Println(c64, err)
	fmt.Println(strconv.AppendBool([]byte("ok="), true))
}
