package main

import "fmt"

func grade(n int) string {
	switch g := n / 10; {
	case g >= 9:
		return "A"
	default:
		return "F"
	case g == 8:
		return "B"
	case g >= 6:
		return fmt.Sprint("C", g)
	}
}

func classify(n int) []string {
	var out []string
	switch {
	case n > 100:
		out = append(out, "huge")
		fallthrough
	default:
		out = append(out, "default")
		fallthrough
	case n > 10:
		out = append(out, "big")
	case n > 5:
		out = append(out, "medium")
	}
	return out
}

func main() {
	for _, n := range []int{95, 85, 72, 61, 10} {
		fmt.Print(grade(n), " ")
	}
	fmt.Println()
	for _, n := range []int{500, 50, 7, 1} {
		fmt.Println(n, classify(n))
	}
	switch x := 5; x {
	case 1, 2, 3:
		fmt.Println("small")
	case 4, 5:
		fmt.Println("five-ish", x)
		if x == 5 {
			break
		}
		fmt.Println("unreached")
	}
}
