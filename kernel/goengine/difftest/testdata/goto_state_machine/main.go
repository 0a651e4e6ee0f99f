package main

import "fmt"

func scan(s string) (words int, digits int) {
	i := 0
space:
	if i >= len(s) {
		return
	}
	if s[i] == ' ' {
		i++
		goto space
	}
	words++
word:
	if i < len(s) && s[i] != ' ' {
		if s[i] >= '0' && s[i] <= '9' {
			digits++
		}
		i++
		goto word
	}
	goto space
}

func main() {
	fmt.Println(scan("  go 1 22  is  here9 "))
	fmt.Println(scan(""))
	n := 0
loop:
	n++
	if n < 5 {
		goto loop
	}
	fmt.Println(n)
}
