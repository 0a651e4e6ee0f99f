package main

import "fmt"

func main() {
	words := []string{"apple", "Apple", "apple pie", "b", "", "äpple"}
	for i := 0; i < len(words)-1; i++ {
		a, b := words[i], words[i+1]
		fmt.Printf("%q < %q = %v\n", a, b, a < b)
	}
	s := "x"
	s += "y"
	s = s + s
	fmt.Println(s, s[1], s[1:3], s == "xyxy")
	multi := `raw
string\n`
	fmt.Println(multi, len(multi))
}
