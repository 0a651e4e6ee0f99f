package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		switch {
		case i >= 0:
			x := i * 10
			fs = append(fs, func() int { return x })
		}
	}
	c := make(chan int, 3)
	for i := 0; i < 3; i++ {
		c <- i + 100
		select {
		case v := <-c:
			fs = append(fs, func() int { return v })
		}
	}
	var any1 any
	for i := 0; i < 2; i++ {
		any1 = i
		switch t := any1.(type) {
		case int:
			fs = append(fs, func() int { return t + 1000 })
		}
	}
	for i := 0; i < 2; i++ {
		if y := i * 7; y >= 0 {
			fs = append(fs, func() int { return y })
		}
	}
	var ptrs []*int
	for i := 0; i < 2; i++ {
		{
			z := i
			ptrs = append(ptrs, &z)
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println(*ptrs[0], *ptrs[1])
	lbl := 0
	var gs []func() int
again:
	w := lbl
	gs = append(gs, func() int { return w })
	lbl++
	if lbl < 3 {
		goto again
	}
	fmt.Println(gs[0](), gs[1](), gs[2]())
}
