package main

import (
	"cmp"
	"fmt"
)

func quicksort[T cmp.Ordered](s []T) {
	if len(s) < 2 {
		return
	}
	pivot := s[len(s)/2]
	i, j := 0, len(s)-1
	for i <= j {
		for s[i] < pivot {
			i++
		}
		for s[j] > pivot {
			j--
		}
		if i <= j {
			s[i], s[j] = s[j], s[i]
			i++
			j--
		}
	}
	quicksort(s[:j+1])
	quicksort(s[i:])
}

func main() {
	ints := []int{38, 27, 43, 3, 9, 82, 10, 3}
	quicksort(ints)
	fmt.Println(ints)
	strs := []string{"kiwi", "apple", "mango", "banana"}
	quicksort(strs)
	fmt.Println(strs)
	fl := []float64{3.3, -1.1, 2.2}
	quicksort(fl)
	fmt.Println(fl)
}
