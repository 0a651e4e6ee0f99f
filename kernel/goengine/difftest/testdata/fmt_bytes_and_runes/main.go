package main

import "fmt"

func main() {
	b := []byte("Go!")
	r := []rune("Gö")
	fmt.Println(b, r)
	fmt.Printf("%s %q %v\n", b, r, string(r))
	fmt.Printf("%x %X % X\n", b, b, b)
	type Bytes []byte
	fmt.Println(Bytes("ab"), [3]byte{'a', 'b', 'c'})
	fmt.Printf("%s %s\n", Bytes("cd"), [2]byte{'e', 'f'})
}
