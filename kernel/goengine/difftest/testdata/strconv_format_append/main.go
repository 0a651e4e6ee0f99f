package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, f := range []float64{0, 1.0 / 3, 123456789.125, 1e-7, 6.02214076e23} {
		fmt.Println(strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'e', 3, 64), strconv.FormatFloat(f, 'f', 2, 32))
	}
	fmt.Println(strconv.FormatFloat(1.5, 'b', -1, 64), strconv.FormatFloat(255, 'x', -1, 64))
	b := []byte("n=")
	b = strconv.AppendInt(b, -42, 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, 255, 16)
	b = append(b, ' ')
	b = strconv.AppendBool(b, true)
	b = append(b, ' ')
	b = strconv.AppendQuoteRune(b, '☺')
	fmt.Println(string(b))
	v, err := strconv.ParseFloat("0x1p-2", 64)
	fmt.Println(v, err)
	i, err := strconv.ParseInt("-0b1011", 0, 8)
	fmt.Println(i, err)
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(err)
	u, err := strconv.ParseUint("1_000", 0, 32)
	fmt.Println(u, err)
}
