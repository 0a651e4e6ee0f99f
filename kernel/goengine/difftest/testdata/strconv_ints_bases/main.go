package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"ff", "0xff", "-80", "777"} {
		v, err := strconv.ParseInt(s, 16, 64)
		fmt.Println(s, v, err)
	}
	v, err := strconv.ParseInt("0b1011", 0, 8)
	fmt.Println(v, err)
	v, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(v, err)
	u, err := strconv.ParseUint("-1", 10, 64)
	fmt.Println(u, err)
	fmt.Println(strconv.FormatInt(255, 2), strconv.FormatInt(-255, 16), strconv.FormatInt(123456789, 36))
	fmt.Println(strconv.FormatUint(1<<64-1, 10))
	x, err := strconv.ParseInt("1_000", 0, 64)
	fmt.Println(x, err)
}
