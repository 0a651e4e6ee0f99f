package main

import (
	"fmt"
	"os"
	"strings"
)

type matrix [][]int

func newMatrix(r, c int) matrix {
	m := make(matrix, r)
	for i := range m {
		m[i] = make([]int, c)
	}
	return m
}

func (m matrix) mul(o matrix) matrix {
	out := newMatrix(len(m), len(o[0]))
	for i := range m {
		for j := range o[0] {
			for k := range o {
				out[i][j] += m[i][k] * o[k][j]
			}
		}
	}
	return out
}

func (m matrix) String() string {
	var b strings.Builder
	for _, row := range m {
		fmt.Fprintln(&b, row)
	}
	return b.String()
}

func main() {
	a := matrix{{1, 2}, {3, 4}}
	id := matrix{{1, 0}, {0, 1}}
	fmt.Print(a.mul(id))
	fmt.Print(a.mul(a))
	row := make([]int, 3)
	var shared [][]int
	for i := 0; i < 2; i++ {
		row[0] = i
		shared = append(shared, row)
	}
	fmt.Println(shared)
	fmt.Fprintln(os.Stdout, "to stdout", 1)
	fmt.Fprintf(os.Stdout, "%s\n", a)
}
