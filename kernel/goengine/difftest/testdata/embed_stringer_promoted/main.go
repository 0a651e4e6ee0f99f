package main

import "fmt"

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Reading struct {
	Temp
	Where string
}

type Wrapped struct {
	Temp
}

func main() {
	r := Reading{21.5, "lab"}
	fmt.Println(r)
	fmt.Printf("%v|%s|%+v\n", r, r, r)
	fmt.Println(Wrapped{3})
	fmt.Println([]Wrapped{{1}, {2}})
}
