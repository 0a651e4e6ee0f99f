package main

import "fmt"

type Matrix [][]float64

func identity(n int) Matrix {
	m := make(Matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
		m[i][i] = 1
	}
	return m
}

func (a Matrix) Mul(b Matrix) Matrix {
	out := make(Matrix, len(a))
	for i := range a {
		out[i] = make([]float64, len(b[0]))
		for j := range b[0] {
			for k := range b {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

func (a Matrix) T() Matrix {
	out := make(Matrix, len(a[0]))
	for j := range out {
		out[j] = make([]float64, len(a))
		for i := range a {
			out[j][i] = a[i][j]
		}
	}
	return out
}

func main() {
	a := Matrix{{1, 2, 3}, {4, 5, 6}}
	fmt.Println(a.Mul(a.T()))
	fmt.Println(a.T())
	fmt.Println(identity(2).Mul(Matrix{{2.5, 0}, {1, -1}}))
}
