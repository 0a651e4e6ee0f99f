package main

import (
	"fmt"
	"strings"
)

type Vec struct{ X, Y float64 }

func (v Vec) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v':
		if f.Flag('+') {
			fmt.Fprintf(f, "Vec{X:%g, Y:%g}", v.X, v.Y)
			return
		}
		fmt.Fprintf(f, "(%g, %g)", v.X, v.Y)
	case 'l':
		w, ok := f.Width()
		s := fmt.Sprintf("|%g,%g|", v.X, v.Y)
		if ok && w > len(s) {
			s = strings.Repeat(".", w-len(s)) + s
		}
		fmt.Fprint(f, s)
	default:
		fmt.Fprintf(f, "%%!%c(Vec)", verb)
	}
}

func main() {
	v := Vec{1, 2.5}
	fmt.Println(v)
	fmt.Printf("%v %+v %l %12l %d\n", v, v, v, v, v)
	fmt.Println([]Vec{v, {0, -1}})
	fmt.Println(map[string]Vec{"a": v})
}
