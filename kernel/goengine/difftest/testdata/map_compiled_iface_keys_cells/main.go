package main

import (
	"errors"
	"fmt"
)

type point struct{ X, Y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type code int

func (c code) Error() string { return fmt.Sprint("code ", int(c)) }

func main() {
	names := map[fmt.Stringer]string{point{0, 0}: "origin"}
	names[point{1, 0}] = "east"
	fmt.Println(names[point{0, 0}], names[point{1, 0}], len(names))
	counts := map[error]int{}
	for _, e := range []error{code(1), code(2), code(1), errors.New("x")} {
		counts[e]++
	}
	fmt.Println(counts[code(1)], counts[code(2)], len(counts))
}
