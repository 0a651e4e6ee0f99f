package main

import "fmt"

type point struct{ x, y int }

func main() {
	ps := []*point{{1, 2}, {3, 4}}
	fmt.Println(*ps[0], *ps[1])
	m := map[string]point{"a": {1, 1}, "b": {y: 2}}
	fmt.Println(m["a"], m["b"])
	mk := map[point]string{{1, 2}: "p"}
	fmt.Println(mk[point{1, 2}])
	arr := [...]string{2: "c", 0: "a"}
	fmt.Println(len(arr), arr, arr[1] == "")
	nums := [6]int{1, 4: 5, 9}
	fmt.Println(nums)
	nested := [][]point{{{1, 2}}, {{3, 4}, {5, 6}}}
	fmt.Println(nested)
	pm := map[string]*point{"z": {9, 9}}
	pm["z"].x = 0
	fmt.Println(*pm["z"])
	sl := []int{5: 1, 2, 1: 7}
	fmt.Println(sl, len(sl))
	aa := [2][3]int{{1}, {2, 3}}
	fmt.Println(aa)
	anon := []struct{ k string }{{"a"}, {k: "b"}}
	fmt.Println(anon)
}
