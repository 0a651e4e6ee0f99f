package main

import (
	"fmt"
	"strings"
	"unicode"
)

func main() {
	for _, s := range []string{"ß", "İ", "ǅ", "ΣΑΣ", "ﬁ", "Ω"} {
		fmt.Printf("%s: upper=%s lower=%s title=%s\n", s, strings.ToUpper(s), strings.ToLower(s), strings.ToTitle(s))
	}
	r := 'k'
	for i := 0; i < 4; i++ {
		fmt.Printf("%c(%U) ", r, r)
		r = unicode.SimpleFold(r)
	}
	fmt.Println()
	fmt.Println(strings.EqualFold("K", "\u212a"), strings.EqualFold("ß", "ss"), strings.EqualFold("Σ", "ς"))
	fmt.Println(unicode.IsUpper('ǅ'), unicode.IsTitle('ǅ'), unicode.ToTitle('ǆ') == 'ǅ')
	fmt.Println(strings.ToUpperSpecial(unicode.TurkishCase, "istanbul"), strings.ToLowerSpecial(unicode.TurkishCase, "IŞIK"))
	fmt.Println(unicode.Is(unicode.Greek, 'λ'), unicode.In('ж', unicode.Latin, unicode.Cyrillic), unicode.IsOneOf([]*unicode.RangeTable{unicode.Han}, '日'))
	fmt.Println(unicode.IsSpace('\u0085'), unicode.IsPrint('\u00ad'), unicode.IsGraphic('\u3000'), unicode.IsControl('\t'))
}
