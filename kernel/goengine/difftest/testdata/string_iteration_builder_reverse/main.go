package main

import (
	"fmt"
	"strings"
	"unicode"
)

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func isPalindrome(s string) bool {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	t := b.String()
	return t == reverse(t)
}

func caesar(s string, k int) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+rune(k)+26)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+rune(k)+26)%26
		}
		return r
	}, s)
}

func main() {
	fmt.Println(reverse("héllo, 世界"), isPalindrome("A man, a plan, a canal: Panama"), isPalindrome("go"))
	enc := caesar("Hello, World", 3)
	fmt.Println(enc, caesar(enc, -3))
	counts := [3]int{}
	for _, r := range "Go 1.22 ünïcode!" {
		switch {
		case unicode.IsLetter(r):
			counts[0]++
		case unicode.IsDigit(r):
			counts[1]++
		default:
			counts[2]++
		}
	}
	fmt.Println(counts)
	s := "abc"
	for i := range s {
		fmt.Print(s[i:], " ")
	}
	fmt.Println(strings.Compare("a", "b"), "a" < "B", strings.ToTitle("ǆ"))
}
