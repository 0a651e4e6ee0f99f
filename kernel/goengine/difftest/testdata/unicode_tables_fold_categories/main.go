package main

import (
	"fmt"
	"unicode"
)

func main() {
	for _, r := range "aZ9 _é日Ωß٣\t" {
		fmt.Printf("%q L%v U%v D%v N%v S%v P%v Han%v Greek%v\n", r,
			unicode.IsLetter(r), unicode.IsUpper(r), unicode.IsDigit(r), unicode.IsNumber(r),
			unicode.IsSpace(r), unicode.IsPunct(r), unicode.Is(unicode.Han, r), unicode.In(r, unicode.Greek))
	}
	r := 'k'
	for i := 0; i < 4; i++ {
		r = unicode.SimpleFold(r)
		fmt.Printf("%c(%U) ", r, r)
	}
	fmt.Println()
	fmt.Println(string(unicode.ToTitle('ǆ')), string(unicode.ToUpper('ǆ')), string(unicode.ToLower('Σ')))
	fmt.Println(unicode.IsControl('\x7f'), unicode.IsGraphic('\u00a0'), unicode.IsPrint('\u00a0'))
	fmt.Println(unicode.MaxRune, unicode.ReplacementChar == '\uFFFD')
}
