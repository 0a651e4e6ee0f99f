package main

import "fmt"

type celsius float64
type fahrenheit float64

func cToF(c celsius) fahrenheit { return fahrenheit(c*9/5 + 32) }
func fToC(f fahrenheit) celsius { return celsius((f - 32) * 5 / 9) }

type bytesT []byte
type runes []rune
type id uint16

func main() {
	fmt.Println(cToF(100), fToC(212), cToF(-40) == fahrenheit(-40))
	c := celsius(36.6)
	fmt.Printf("%.2f %T %T\n", cToF(c), c, cToF(c))
	b := bytesT("héllo")
	s := string(b)
	r := runes(s)
	fmt.Println(len(b), len(r), s, string(r[1:3]), string(b[1:3]))
	var big int64 = 70000
	fmt.Println(id(big), int8(big), uint8(big>>8))
	f := 3.99
	fmt.Println(int(f), int(-f), uint(f), float32(0.1) == 0.1)
	x := 255
	fmt.Println(byte(x+1), rune(x), string(rune(x)))
	type pair struct{ a, b int }
	type pair2 struct{ a, b int }
	p := pair{1, 2}
	p2 := pair2(p)
	fmt.Println(p2, fmt.Sprintf("%T", p2))
	ints := []int{1, 2, 3}
	arr := [3]int(ints)
	ap := (*[2]int)(ints)
	ap[0] = 100
	fmt.Println(arr, ints)
}
