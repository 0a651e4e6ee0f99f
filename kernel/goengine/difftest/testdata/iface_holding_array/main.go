package main

import "fmt"

type vec3 [3]float64

func (v vec3) norm1() float64 { return abs(v[0]) + abs(v[1]) + abs(v[2]) }

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

type normer interface{ norm1() float64 }

func main() {
	v := vec3{1, -2, 3}
	var n normer = v
	v[0] = 100
	fmt.Println(n.norm1(), v.norm1())
	arr := [3]int{1, 2, 3}
	var a any = arr
	arr[1] = 20
	fmt.Println(a, arr)
	back := a.([3]int)
	back[2] = 30
	fmt.Println(a, back)
	list := []normer{v, vec3{0, 0, 1}}
	v[1] = 0
	fmt.Println(list[0].norm1(), list[1].norm1())
}
