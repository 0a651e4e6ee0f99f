package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 6; i++ {
		switch {
		case i%3 == 0:
			continue
		case i == 4:
			fs = append(fs, func() int { return i * 100 })
			continue
		}
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var gs []func() string
outer:
	for i, s := range []string{"a", "bb", "ccc"} {
		for j := 0; j < 3; j++ {
			if j == len(s) {
				gs = append(gs, func() string { return fmt.Sprint(i, j, s) })
				continue outer
			}
			if s == "ccc" && j == 1 {
				gs = append(gs, func() string { return fmt.Sprint("brk", i, j) })
				break outer
			}
		}
	}
	for _, g := range gs {
		fmt.Print(g(), " ")
	}
	fmt.Println()
	n := 0
	var hs []*int
	for i := 0; i < 10; i += 3 {
		if i == 6 {
			i++
			continue
		}
		hs = append(hs, &i)
		n++
	}
	for _, h := range hs {
		fmt.Print(*h, " ")
	}
	fmt.Println(n)
}
