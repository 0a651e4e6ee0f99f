package main

import "fmt"

type Color string

const (
	Red   Color = "red"
	Green Color = "green"
)

type Level uint8

const (
	Debug Level = iota + 1
	Info
	Warn
)

func (l Level) String() string {
	switch l {
	case Debug:
		return "DEBUG"
	case Info:
		return "INFO"
	case 3:
		return "WARN"
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

func paint(c Color) string {
	switch c {
	case Red, "crimson":
		return "warm"
	case Green:
		return "cool"
	}
	return "unknown"
}

func main() {
	fmt.Println(paint(Red), paint("crimson"), paint(Green), paint(Color("blue")))
	fmt.Println(Debug, Info, Warn, Level(9))
	fmt.Println(Warn == 3, Info > Debug, Red == "red", Red < Green)
	switch Warn {
	case 3:
		fmt.Println("warn is 3")
	}
	var any1 any = Red
	switch any1 {
	case "red":
		fmt.Println("plain string")
	case Red:
		fmt.Println("Color red")
	}
	fmt.Print(any1, Green, "\n")
	fmt.Printf("%v %s %q %T\n", any1, any1, any1, Warn)
}
