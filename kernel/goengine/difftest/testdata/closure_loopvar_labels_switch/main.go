package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * 10 })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var gs []func() string
	for _, s := range []string{"a", "b", "c"} {
		gs = append(gs, func() string { return s + s })
	}
	for _, g := range gs {
		fmt.Print(g(), " ")
	}
	fmt.Println()

	found := []string{}
rows:
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if c > r {
				continue rows
			}
			if r == 3 && c == 2 {
				break rows
			}
			found = append(found, fmt.Sprint(r, c))
		}
	}
	fmt.Println(found)

	for n := 0; n < 6; n++ {
		switch {
		case n == 0:
			fmt.Print("zero ")
			fallthrough
		case n == 1:
			fmt.Print("small ")
		case n%2 == 0:
			fmt.Print("even ")
			fallthrough
		default:
			fmt.Print("any ")
		}
		fmt.Println(n)
	}

	switch x := 5; x {
	case 1, 2, 3:
		fmt.Println("low")
	case 4, 5:
		fmt.Println("mid")
		fallthrough
	case 6:
		fmt.Println("six-ish")
	}
}
