package main

import "fmt"

type Level int

func (l Level) String() string { return [...]string{"low", "mid", "high"}[l] }

type Pad int

func main() {
	fmt.Printf("%v is %[1]T, %[1]d as a number\n", Level(2))
	fmt.Printf("%[2]v %[1]v %[2]T\n", Level(0), Level(1))
	fmt.Printf("[%*v] [%-*v]\n", Pad(6), Level(1), Pad(5), Level(0))
	fmt.Printf("%.*f|%6.2v|\n", Pad(1), 3.14159, Level(2))
	fmt.Printf("%v\n", Level(0), Level(1))
	fmt.Printf("%v %v\n", Level(2))
	fmt.Printf("%[5]v\n", Level(1))
	fmt.Printf("%z %s\n", Level(1), Pad(3))
	s := fmt.Sprintf("%T-%T", Level(0), Pad(0))
	fmt.Println(s, len(s))
}
