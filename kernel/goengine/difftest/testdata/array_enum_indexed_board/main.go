package main

import (
	"fmt"
	"strings"
)

type hue int

const (
	red hue = iota
	green
	blue
	numColors
)

var hueNames = [...]string{red: "red", blue: "blue", green: "green"}

func (c hue) String() string {
	if c < numColors {
		return hueNames[c]
	}
	return "?"
}

type board [3][3]rune

func (b *board) place(r, c int, p rune) bool {
	if b[r][c] != 0 {
		return false
	}
	b[r][c] = p
	return true
}

func (b board) String() string {
	var sb strings.Builder
	for _, row := range b {
		for _, cell := range row {
			if cell == 0 {
				cell = '.'
			}
			sb.WriteRune(cell)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func (b board) winner() rune {
	lines := [][3][2]int{
		{{0, 0}, {0, 1}, {0, 2}}, {{1, 0}, {1, 1}, {1, 2}}, {{2, 0}, {2, 1}, {2, 2}},
		{{0, 0}, {1, 0}, {2, 0}}, {{0, 1}, {1, 1}, {2, 1}}, {{0, 2}, {1, 2}, {2, 2}},
		{{0, 0}, {1, 1}, {2, 2}}, {{0, 2}, {1, 1}, {2, 0}},
	}
	for _, l := range lines {
		a, b2, c := b[l[0][0]][l[0][1]], b[l[1][0]][l[1][1]], b[l[2][0]][l[2][1]]
		if a != 0 && a == b2 && b2 == c {
			return a
		}
	}
	return 0
}

type variadicFn func(prefix string, xs ...int) string

func joinInts(prefix string, xs ...int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return prefix + strings.Join(parts, "+")
}

func main() {
	fmt.Println(red, blue, hue(7), len(hueNames), []hue{green, blue})
	var b board
	moves := [][3]int{{1, 1, 'X'}, {0, 0, 'O'}, {1, 1, 'O'}, {0, 2, 'X'}, {2, 2, 'O'}, {2, 0, 'X'}}
	for _, m := range moves {
		fmt.Print(b.place(m[0], m[1], rune(m[2])), " ")
	}
	fmt.Println()
	fmt.Print(b)
	fmt.Printf("winner %q\n", b.winner())
	snapshot := b
	b.place(0, 1, 'O')
	fmt.Println(snapshot == b, snapshot[0][1] == 0)
	var f variadicFn = joinInts
	fmt.Println(f("s=", 1, 2, 3), f("none"), f("sl=", []int{4, 5}...))
	memo := map[int]int{}
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		if v, ok := memo[n]; ok {
			return v
		}
		memo[n] = fib(n-1) + fib(n-2)
		return memo[n]
	}
	fmt.Println(fib(80), len(memo))
}
