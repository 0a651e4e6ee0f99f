package main

import (
	"fmt"
	"unicode"
)

func main() {
	for _, r := range "aZ9 _é世\t!Ω٣" {
		fmt.Printf("%q letter=%v upper=%v digit=%v number=%v space=%v punct=%v\n",
			r, unicode.IsLetter(r), unicode.IsUpper(r), unicode.IsDigit(r), unicode.IsNumber(r), unicode.IsSpace(r), unicode.IsPunct(r))
	}
	fmt.Println(string(unicode.ToUpper('é')), string(unicode.ToLower('Ω')), string(unicode.ToTitle('ǆ')))
	fmt.Println(unicode.Is(unicode.Han, '世'), unicode.In('x', unicode.Latin, unicode.Greek))
}
