package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	for _, in := range []string{"127", "128", "-129", "0x7f", "0b101", "1_000", "9223372036854775808"} {
		v8, err8 := strconv.ParseInt(in, 0, 8)
		v64, err64 := strconv.ParseInt(in, 0, 64)
		fmt.Println(in, v8, err8, v64, err64)
	}
	_, err := strconv.ParseUint("-1", 10, 32)
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		fmt.Println(ne.Func, ne.Num, ne.Err, errors.Is(err, strconv.ErrSyntax))
	}
	_, err = strconv.ParseUint("4294967296", 10, 32)
	fmt.Println(errors.Is(err, strconv.ErrRange), err)
	f, err := strconv.ParseFloat("1e400", 64)
	fmt.Println(f, err)
	f32, err := strconv.ParseFloat("3.4e39", 32)
	fmt.Println(f32, err)
	fmt.Println(strconv.FormatInt(-255, 16), strconv.FormatUint(1<<64-1, 36), strconv.Itoa(-0))
	fmt.Println(strconv.FormatFloat(0.1+0.2, 'g', -1, 64), strconv.FormatFloat(1.0/3, 'e', 3, 32))
	b, err := strconv.ParseBool("T")
	fmt.Println(b, err)
}
