package main

import (
	"fmt"
	"strings"
	"unicode"
)

func reverse(s string) string {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

func isPalindrome(s string) bool {
	var clean []rune
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) {
			clean = append(clean, r)
		}
	}
	for i, j := 0, len(clean)-1; i < j; i, j = i+1, j-1 {
		if clean[i] != clean[j] {
			return false
		}
	}
	return true
}

func main() {
	fmt.Println(reverse("Hello, 世界"))
	for _, s := range []string{"A man, a plan, a canal: Panama", "Gopher", "Ésope reste ici et se repose"} {
		fmt.Println(isPalindrome(s))
	}
}
