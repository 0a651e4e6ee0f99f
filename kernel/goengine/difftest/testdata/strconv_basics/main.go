package main

import (
	"fmt"
	"strconv"
)

func main() {
	n, err := strconv.Atoi("1234")
	fmt.Println(n+1, err)
	_, err = strconv.Atoi("12a")
	fmt.Println(err)
	_, err = strconv.Atoi("99999999999999999999")
	fmt.Println(err)
	fmt.Println(strconv.Itoa(-45) + "!")
	b, err := strconv.ParseBool("true")
	fmt.Println(b, err)
	_, err = strconv.ParseBool("yes")
	fmt.Println(err)
	fmt.Println(strconv.FormatBool(false), strconv.AppendInt([]byte("n="), -7, 10))
}
