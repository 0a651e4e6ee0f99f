package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"0x_1F", "0b101", "0o17", "017", "1_000", "-0x80", " 1", "+5", ""} {
		n, err := strconv.ParseInt(s, 0, 8)
		fmt.Println(n, err)
	}
	for _, s := range []string{"inf", "-Inf", "NaN", "1e400", "0x1p-2", "1_0.5", ".5", "1e-400"} {
		f, err := strconv.ParseFloat(s, 64)
		fmt.Println(f, err)
	}
	for _, s := range []string{"1", "t", "TRUE", "yes", "F"} {
		b, err := strconv.ParseBool(s)
		fmt.Println(b, err)
	}
	u, err := strconv.ParseUint("-1", 10, 64)
	fmt.Println(u, err)
	_, err = strconv.Atoi("99999999999999999999")
	ne := err.(*strconv.NumError)
	fmt.Println(ne.Func, ne.Num, ne.Err == strconv.ErrRange)
	fmt.Println(strconv.FormatInt(-255, 16), strconv.FormatUint(255, 2), strconv.FormatInt(35, 36))
	fmt.Println(strconv.FormatFloat(1.0/3, 'g', 5, 32), strconv.FormatFloat(2.5e10, 'e', -1, 64))
}
