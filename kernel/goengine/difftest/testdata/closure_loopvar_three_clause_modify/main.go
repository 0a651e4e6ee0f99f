package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 6; i++ {
		if i%2 == 0 {
			i++ // the next iteration's copy starts from this value
		}
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var ptrs []*int
	for i, j := 0, 10; i < 3; i, j = i+1, j-1 {
		ptrs = append(ptrs, &j)
		_ = i
	}
	for _, p := range ptrs {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	var incs []func()
	var reads []func() int
	for k := 0; k < 2; k++ {
		incs = append(incs, func() { k += 100 })
		reads = append(reads, func() int { return k })
	}
	incs[0]()
	fmt.Println(reads[0](), reads[1]())
}
