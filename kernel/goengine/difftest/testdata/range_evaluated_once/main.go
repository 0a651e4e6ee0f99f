package main

import "fmt"

func source(calls *int) []int {
	*calls++
	return []int{1, 2, 3}
}

func main() {
	calls := 0
	for _, v := range source(&calls) {
		fmt.Print(v, " ")
	}
	fmt.Println("calls", calls)
	s := []int{1, 2, 3}
	for i := range s {
		s = append(s, i)
	}
	fmt.Println(s)
	m := map[int]bool{1: true}
	n := 0
	for k := range m {
		if k < 3 {
			delete(m, k)
			n++
		}
	}
	fmt.Println(len(m), n)
	arr := [3]int{1, 2, 3}
	sum := 0
	for i, v := range arr {
		arr[2] = 100
		sum += v
		_ = i
	}
	fmt.Println(sum, arr)
	str := "abc"
	for i := range str {
		str = "zzzzzz"
		fmt.Print(i)
	}
	fmt.Println(" ", str)
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	close(ch)
	for v := range ch {
		fmt.Print(v)
	}
	fmt.Println()
}
