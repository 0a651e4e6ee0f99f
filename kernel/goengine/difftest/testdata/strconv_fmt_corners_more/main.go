package main

import (
	"fmt"
	"strconv"
)

func main() {
	fmt.Println(strconv.FormatFloat(1.0/3, 'g', 5, 32), strconv.FormatFloat(1e21, 'f', -1, 64), strconv.FormatFloat(123456789, 'e', 3, 64))
	fmt.Println(strconv.FormatFloat(-0.0, 'g', -1, 64), strconv.FormatFloat(0.000001234, 'g', -1, 64))
	v, err := strconv.ParseInt("0x1F", 0, 64)
	fmt.Println(v, err)
	v, err = strconv.ParseInt("1_000", 0, 64)
	fmt.Println(v, err)
	v, err = strconv.ParseInt("1_000", 10, 64)
	fmt.Println(v, err)
	u, err := strconv.ParseUint("-1", 10, 8)
	fmt.Println(u, err)
	b, err := strconv.ParseBool("T")
	fmt.Println(b, err)
	f, err := strconv.ParseFloat("inf", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("0x1p-2", 64)
	fmt.Println(f, err)
	fmt.Println(strconv.QuoteRune('☺'), strconv.QuoteRuneToASCII('☺'), strconv.QuoteToGraphic("\u00a0x\t"))
	s, err := strconv.Unquote(`'a'`)
	fmt.Println(s, err)
	s, err = strconv.Unquote("`raw\\n`")
	fmt.Println(s, err)
	fmt.Printf("%08.3f|%-8.2e|%+.0f|%x|%X\n", 3.14159, 1234.5, 2.5, 3.5, -1.0)
	fmt.Printf("%6.2q|%-5c|%U|%#U\n", "hello", 'x', 0x1F600, 'é')
	fmt.Printf("%o %O %#o %#x %# x\n", 8, 8, 8, "hi", "hi")
	fmt.Printf("%t %v %08b %3d|%-3d|\n", true, false, 5, -2, 7)
	fmt.Printf("%.3s|%.10s|%5.1s|\n", "abcdef", "ab", "xyz")
	fmt.Printf("%x %X % X\n", []byte{1, 171}, "\xff", []byte{1, 2})
	fmt.Printf("%g %G %.3g %e\n", 1e-7, 1e21, 123456.0, 0.0)
	fmt.Printf("%v %.2v %10.3v|\n", 1+2i, 1.234+5.678i, 3.14159)
	fmt.Printf("%d %s\n", []int{1, 2}, []string{"a", "b"})
	fmt.Printf("%q\n", []any{"a", 1, 'x'})
	fmt.Println(fmt.Sprintf("%[2]*[1]d|", 5, 4), fmt.Sprintf("%-*d|", 4, 7))
}
