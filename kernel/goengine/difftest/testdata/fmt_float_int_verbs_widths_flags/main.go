package main

import "fmt"

func main() {
	f := 1234.5678
	fmt.Printf("%e|%E|%.2e|%g|%G|%.3g|%b\n", f, f, f, f, 1e-7, f, 1.0)
	fmt.Printf("%08.2f|%-10.1f|%+.0f|% .1f|%x\n", f, f, f, f, 1.5)
	fmt.Printf("%5d|%-5d|%05d|%+d|% d|%x|%X|%o|%O|%#o|%#b\n", 42, 42, -42, 42, 42, 255, 255, 8, 8, 8, 5)
	fmt.Printf("%c|%U|%#U|%q|%08b\n", 0x1F600, 'é', 'é', 'x', byte(5))
	fmt.Printf("%[2]*[1]d|%-*d|%.*f\n", 7, 5, 4, 3, 2, 3.14159)
	fmt.Printf("%6.2s|%-6s|%s\n", "abcdef", "ab", []string{"a", "b"})
	fmt.Printf("%v %d %s\n", []byte("hi"), []byte("hi"), []byte("hi"))
	fmt.Printf("%t %v %5t|\n", true, false, true)
	fmt.Printf("%v %.1f %g\n", 1e21, 1e21, float32(0.1))
	fmt.Printf("%x %X % X\n", "Go!", []byte{1, 171}, []byte{1, 171})
	var ip *int
	var e error
	fmt.Printf("%v %v %d%%\n", ip, e, 50)
}
