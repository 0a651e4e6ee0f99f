package main

import "fmt"

type Point struct{ X, Y int }

type Named struct {
	Name string
	At   Point
	Tags [2]string
}

func main() {
	a := Named{"a", Point{1, 2}, [2]string{"x", "y"}}
	b := a
	fmt.Println(a == b)
	b.At.Y = 3
	fmt.Println(a == b, a.At == Point{1, 2})
	seen := map[Named]int{a: 1}
	seen[b]++
	seen[a]++
	fmt.Println(len(seen), seen[a], seen[b])
	anon := struct{ X, Y int }{1, 2}
	fmt.Println(anon == Point{1, 2})
	var p Point = anon
	fmt.Println(p)
	var i1, i2 any = Point{1, 1}, Point{1, 1}
	fmt.Println(i1 == i2)
}
