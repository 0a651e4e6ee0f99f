package main

import "fmt"

type shape interface{ area() float64 }

type rect struct{ w, h float64 }

func (r rect) area() float64 { return r.w * r.h }

type circle struct{ r float64 }

func (c *circle) area() float64 { return 3 * c.r * c.r }

func main() {
	names := map[shape]string{rect{1, 2}: "small"}
	var k shape = rect{1, 2}
	fmt.Println(len(names), names[k])

	counts := map[shape]int{}
	for range 3 {
		counts[rect{1, 1}]++
	}
	c := &circle{2}
	counts[c] = 10
	fmt.Println(len(counts), counts[rect{1, 1}], counts[c], counts[&circle{2}])
}
