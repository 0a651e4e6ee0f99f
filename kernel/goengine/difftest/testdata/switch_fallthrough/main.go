package main

import "fmt"

func describe(n int) []string {
	var out []string
	switch {
	case n > 100:
		out = append(out, "huge")
		fallthrough
	case n > 10:
		out = append(out, "big")
		fallthrough
	case n > 0:
		out = append(out, "positive")
	case n == 0:
		out = append(out, "zero")
	default:
		out = append(out, "negative")
	}
	return out
}

func main() {
	for _, n := range []int{500, 50, 5, 0, -5} {
		fmt.Println(n, describe(n))
	}
	switch x := 2; x {
	case 1, 2, 3:
		fmt.Println("small", x)
		fallthrough
	case 10:
		fmt.Println("fell into 10")
	case 20:
		fmt.Println("not reached")
	}
}
