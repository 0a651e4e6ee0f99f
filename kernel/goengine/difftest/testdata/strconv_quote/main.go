package main

import (
	"fmt"
	"strconv"
)

func main() {
	fmt.Println(strconv.Quote("hi\n\"there\"\t☺"))
	fmt.Println(strconv.QuoteToASCII("☺ é"))
	fmt.Println(strconv.QuoteRune('☺'), strconv.QuoteRuneToASCII('☺'))
	s, err := strconv.Unquote(`"a\tb\u00e9"`)
	fmt.Printf("%q %v\n", s, err)
	s, err = strconv.Unquote("`raw\\n`")
	fmt.Printf("%q %v\n", s, err)
	_, err = strconv.Unquote(`"unterminated`)
	fmt.Println(err)
	fmt.Println(strconv.CanBackquote("ok"), strconv.CanBackquote("no`"))
}
