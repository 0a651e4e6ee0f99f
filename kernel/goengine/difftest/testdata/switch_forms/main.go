package main

import (
	"fmt"
	"strings"
)

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	default:
		return "C"
	}
}

func kind(c byte) string {
	switch c {
	case 'a', 'e', 'i', 'o', 'u':
		return "vowel"
	case ' ':
		return "space"
	}
	return "consonant"
}

func first() int  { fmt.Println("eval first"); return 1 }
func second() int { fmt.Println("eval second"); return 2 }

func main() {
	fmt.Println(grade(95), grade(85), grade(20))
	var kinds []string
	for i := 0; i < len("go on"); i++ {
		kinds = append(kinds, kind("go on"[i]))
	}
	fmt.Println(strings.Join(kinds, ","))
	switch 2 {
	case first(), second():
		fmt.Println("matched")
	}
	switch s := strings.ToLower("MiXeD"); {
	case strings.HasPrefix(s, "mi"):
		fmt.Println("prefix mi:", s)
	}
	switch {
	}
	fmt.Println("empty switch ok")
}
