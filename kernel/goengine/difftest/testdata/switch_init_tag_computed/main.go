package main

import (
	"fmt"
	"strings"
)

type gpu struct {
	name string
	sms  int
}

func arch(sms int) string {
	switch g := sms / 10; g * 10 {
	case 130:
		return "hopper"
	case 100, 110:
		return "ampere"
	default:
		return fmt.Sprint("other (", g, ")")
	}
}

func main() {
	handlers := map[string]func(string) string{"up": strings.ToUpper, "low": strings.ToLower}
	for _, op := range []string{"up", "low"} {
		switch h := handlers[op]; h("Warp") {
		case "WARP":
			fmt.Println("upper case")
		case "warp":
			fmt.Println("lower case")
		default:
			fmt.Println("neither")
		}
	}
	for _, g := range []gpu{{"h100", 132}, {"a100", 108}, {"t4", 40}} {
		fmt.Println(g.name, arch(g.sms))
	}
	switch xs := []int{3, 1, 2}; xs[len(xs)-1] * 2 {
	case 4:
		fmt.Println("last doubled is 4")
	}
	switch n := 7; n%2 == 0 {
	case true:
		fmt.Println("even")
	case false:
		fmt.Println("odd")
	}
}
