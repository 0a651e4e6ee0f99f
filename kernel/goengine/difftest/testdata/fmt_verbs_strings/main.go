package main

import "fmt"

func main() {
	s := "héllo"
	fmt.Printf("%s|%q|%x|% x|%X\n", s, s, s, s, s)
	fmt.Printf("|%10s|%-10s|%.3s|%5.2s|\n", s, s, s, s)
	fmt.Printf("%q %+q %#q\n", "tab\there", "ünï", "back`tick")
	fmt.Printf("%s %v %q\n", []string{"a", "b"}, []string{"c"}, []string{"d", "e"})
	fmt.Printf("%s|%x|%v|%q\n", []byte("bytes"), []byte("hi"), []byte("hi"), []byte("q"))
	fmt.Printf("%t %v %5t|\n", true, false, true)
	fmt.Printf("%c%c%c\n", 72, 105, 0x263A)
}
