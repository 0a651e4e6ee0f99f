package main

import "fmt"

func classify(n int) string {
	switch r := n % 3; {
	case n < 0:
		return "negative"
	case r == 0 && n > 10:
		return "big multiple of 3"
	case r == 0:
		return "multiple of 3"
	default:
		return fmt.Sprint("remainder ", r)
	}
}

func grade(score int) (g string) {
	switch score / 10 {
	case 10, 9:
		g = "A"
	case 8:
		g = "B"
	case 7:
		g = "C"
		fallthrough
	case 6:
		g += "(pass)"
	default:
		g = "F"
	}
	return
}

func main() {
	for _, n := range []int{-4, 3, 12, 7, 8} {
		fmt.Println(n, classify(n))
	}
	for _, s := range []int{100, 85, 72, 64, 10} {
		fmt.Println(s, grade(s))
	}
	switch x := 5; x {
	case 1, 2, 3:
		fmt.Println("small")
	case 4, 5, 6:
		fmt.Println("medium", x)
	}
	switch {
	}
	var f func() int
	switch f {
	case nil:
		fmt.Println("nil func")
	}
	c := 'x'
	switch {
	case 'a' <= c && c <= 'z':
		fmt.Println("lower")
	}
}
