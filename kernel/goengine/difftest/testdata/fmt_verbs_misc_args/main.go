package main

import "fmt"

type temp float64

func main() {
	fmt.Printf("%[2]d %[1]d %d\n", 1, 2)
	fmt.Printf("%*d|%-*d|\n", 5, 42, 4, 7)
	fmt.Printf("%.*f\n", 2, 3.14159)
	fmt.Printf("%6.2f%%\n", 12.3456)
	fmt.Printf("%+q %q %#q\n", "héllo", 'x', "back`tick")
	fmt.Printf("%#x %#o %O %b\n", 255, 8, 8, -5)
	fmt.Printf("%x %X\n", -255, "Hi")
	fmt.Printf("%c %U %#U\n", 0x1F600, 'é', 'é')
	fmt.Printf("%t %v %p\n", true, nil, nil)
	fmt.Printf("%e %E %g %G\n", 123456.789, 0.000012, 1e21, 1e-7)
	fmt.Printf("%8.3e|%-10.1f|%+.0f\n", 1234.5678, 2.25, 2.5)
	fmt.Printf("%v %.1f %5.1f\n", temp(21.55), temp(21.55), temp(-3))
	fmt.Printf("%s %v %d\n", []string{"a"}, [2]bool{true}, []int32{1, -1})
	fmt.Printf("%q\n", []rune("ab"))
	fmt.Printf("%x % X %#x\n", []byte{1, 171}, []byte{1, 171}, []byte{1, 171})
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%!d %z\n", 3)
	fmt.Printf("%d\n")
	fmt.Printf("%d %d\n", 1, 2, 3)
	fmt.Println(fmt.Sprintf("%05d|%-5d|%5s|%-5s|%.2s", -42, 42, "ab", "ab", "abcdef"))
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3.0, nil))
	fmt.Println(fmt.Sprintln("a", 1), len(fmt.Sprintln()))
}
