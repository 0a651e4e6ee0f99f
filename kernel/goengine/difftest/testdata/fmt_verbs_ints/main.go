package main

import "fmt"

func main() {
	n := 255
	fmt.Printf("%d|%5d|%-5d|%05d|%+d\n", n, n, n, n, n)
	fmt.Printf("%b|%o|%O|%x|%X|%#x|%#o\n", n, n, n, n, n, n, n)
	fmt.Printf("%c|%q|%U|%#U\n", 'G', 'G', 'G', '世')
	fmt.Printf("%x|%X|% x\n", -255, uint8(200), []int{1, 20})
	fmt.Printf("%08b|%3c|\n", 5, 'x')
	fmt.Printf("%d %d\n", []int{1, 2}, [2]int8{-1, 1})
	var u uint64 = 1<<64 - 1
	fmt.Println(u, int64(-1<<63))
	fmt.Printf("%v %d %x\n", byte('A'), 'a', "hi")
}
