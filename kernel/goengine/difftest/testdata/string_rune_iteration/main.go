package main

import "fmt"

func main() {
	s := "héllo, 世界!"
	for i, r := range s {
		fmt.Printf("%d:%c(%d) ", i, r, r)
	}
	fmt.Println()
	for i := 0; i < len(s); i++ {
		fmt.Printf("%02x ", s[i])
	}
	fmt.Println()
	fmt.Println(len(s), len([]rune(s)))
	for i := range "aé" {
		fmt.Print(i, " ")
	}
	fmt.Println()
}
