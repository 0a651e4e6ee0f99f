package main

import "fmt"

func main() {
	arr := [4]int{1, 2, 3, 4}
	for i, v := range arr {
		arr[3] = 40
		fmt.Print(i, "=", v, " ")
	}
	fmt.Println(arr)
	sl := []int{1, 2, 3, 4}
	for i, v := range sl {
		sl[3] = 40
		fmt.Print(i, "=", v, " ")
	}
	fmt.Println(sl)
	arr2 := [3]int{7, 8, 9}
	for i, v := range &arr2 {
		arr2[2] = 90
		fmt.Print(i, "=", v, " ")
	}
	fmt.Println()
}
