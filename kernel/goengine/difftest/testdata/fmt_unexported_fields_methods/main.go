package main

import (
	"fmt"
	"time"
)

type Color int

func (c Color) String() string { return [...]string{"red", "green", "blue"}[c] }

type Pixel struct {
	X, Y  int
	C     Color
	c     Color
	wait  time.Duration
	Delay time.Duration
}

type Canvas struct {
	pixels []Pixel
	Name   string
	last   *Pixel
}

func main() {
	p := Pixel{1, 2, 1, 2, time.Second, time.Millisecond}
	fmt.Println(p)
	fmt.Printf("%+v\n", p)
	fmt.Printf("%v\n", []Pixel{p})
	c := Canvas{pixels: []Pixel{p}, Name: "c"}
	fmt.Printf("%v\n%+v\n", c, c)
	fmt.Printf("%#v\n", Pixel{C: 2})
}
