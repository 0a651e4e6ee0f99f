package main

import "fmt"

type Celsius float64
type Fahrenheit float64

const Boiling Celsius = 100

func CToF(c Celsius) Fahrenheit { return Fahrenheit(c*9/5 + 32) }

func main() {
	fmt.Println(CToF(Boiling), CToF(-40))
	fmt.Printf("%T %v\n", Boiling*2, Boiling/3)
	const mask = 0xF0
	var b byte = 0xAB
	fmt.Printf("%08b %x\n", b&mask, b&^mask)
	const s = "const" + "ant"
	fmt.Println(s, len(s))
	var i8 int8 = -128
	fmt.Println(i8, -i8)
}
