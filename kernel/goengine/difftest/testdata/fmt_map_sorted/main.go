package main

import (
	"fmt"
	"math"
)

type key struct {
	A string
	B int
}

func main() {
	fmt.Println(map[int]string{3: "c", -1: "z", 10: "j", 0: "o"})
	fmt.Println(map[string]int{"b": 2, "B": 1, "a": 3, "ab": 4})
	fmt.Println(map[float64]bool{2.5: true, math.NaN(): false, -1: true, math.Inf(1): false})
	fmt.Println(map[bool]int{true: 1, false: 0})
	fmt.Println(map[key]int{{"b", 1}: 1, {"a", 2}: 2, {"a", 1}: 3})
	fmt.Println(map[[2]int]string{{2, 1}: "x", {1, 9}: "y"})
	fmt.Println(map[rune]int{'z': 1, 'a': 2})
	fmt.Printf("%v %d\n", map[uint8]int{9: 1, 1: 9}, map[string]int{"y": 25, "x": 24})
}
