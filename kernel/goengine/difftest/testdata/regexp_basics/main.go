package main

import (
	"fmt"
	"regexp"
)

func main() {
	re := regexp.MustCompile(`(\w+)@(\w+)\.com`)
	text := "mail ann@example.com or bob@test.com today"
	fmt.Println(re.MatchString(text))
	fmt.Println(re.FindString(text))
	fmt.Println(re.FindAllString(text, -1))
	fmt.Println(re.FindStringSubmatch(text))
	fmt.Println(re.FindAllStringSubmatchIndex(text, -1))
	fmt.Println(re.ReplaceAllString(text, "$2:$1"))
	digits := regexp.MustCompile(`\d+`)
	fmt.Println(digits.ReplaceAllStringFunc("a1b22c333", func(s string) string { return fmt.Sprint(len(s)) }))
	fmt.Printf("%q\n", regexp.MustCompile(`\s*,\s*`).Split("a , b,c ,d", -1))
	_, err := regexp.Compile(`(unclosed`)
	fmt.Println(err)
}
