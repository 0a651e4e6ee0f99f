package main

import (
	"fmt"
	"strings"
)

func main() {
	for _, s := range []string{"straße", "ǅemal", "İstanbul", "ΣΊΣΥΦΟΣ", "ﬁne"} {
		fmt.Println(s, strings.ToUpper(s), strings.ToLower(s), len(strings.ToUpper(s)))
	}
	fmt.Println(strings.EqualFold("Straße", "STRASSE"), strings.EqualFold("σ", "Σ"))
}
