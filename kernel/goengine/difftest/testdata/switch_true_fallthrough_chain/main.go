package main

import "fmt"

func grade(score int) (out []string) {
	switch {
	case score >= 90:
		out = append(out, "A")
		fallthrough
	case score >= 80:
		out = append(out, "at least B")
		fallthrough
	case score >= 70:
		out = append(out, "pass")
	case score < 0:
		out = append(out, "invalid")
	default:
		out = append(out, "fail")
	}
	return
}

func kind(r rune) string {
	switch {
	case r >= '0' && r <= '9':
		return "digit"
	case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		return "ident"
	}
	return "other"
}

func main() {
	for _, s := range []int{95, 85, 72, 10, -3} {
		fmt.Println(s, grade(s))
	}
	for _, r := range "a_9 é" {
		fmt.Printf("%q:%s ", r, kind(r))
	}
	fmt.Println()
	x := 5
	switch y := x * 2; {
	case y > 5 && x < 10:
		fmt.Println("both", y)
		if y == 10 {
			break
		}
		fmt.Println("not printed")
	case y > 0:
		fmt.Println("unreached")
	}
}
