package main

import "fmt"

const tile = 2

func naive(a, b [][]float32) [][]float32 {
	n, m, k := len(a), len(b[0]), len(b)
	c := make([][]float32, n)
	for i := range c {
		c[i] = make([]float32, m)
		for j := 0; j < m; j++ {
			var acc float32
			for p := 0; p < k; p++ {
				acc += a[i][p] * b[p][j]
			}
			c[i][j] = acc
		}
	}
	return c
}

// tiled copies tile×tile blocks into fixed arrays, as shared memory would
// hold them, and accumulates the products tile by tile.
func tiled(a, b [][]float32) [][]float32 {
	n, m, k := len(a), len(b[0]), len(b)
	c := make([][]float32, n)
	for i := range c {
		c[i] = make([]float32, m)
	}
	for bi := 0; bi < n; bi += tile {
		for bj := 0; bj < m; bj += tile {
			var acc [tile][tile]float32
			for t := 0; t < k; t += tile {
				var sa, sb [tile][tile]float32
				for i := 0; i < tile; i++ {
					for j := 0; j < tile; j++ {
						if bi+i < n && t+j < k {
							sa[i][j] = a[bi+i][t+j]
						}
						if t+i < k && bj+j < m {
							sb[i][j] = b[t+i][bj+j]
						}
					}
				}
				for i := 0; i < tile; i++ {
					for j := 0; j < tile; j++ {
						for p := 0; p < tile; p++ {
							acc[i][j] += sa[i][p] * sb[p][j]
						}
					}
				}
			}
			for i := 0; i < tile && bi+i < n; i++ {
				for j := 0; j < tile && bj+j < m; j++ {
					c[bi+i][bj+j] = acc[i][j]
				}
			}
		}
	}
	return c
}

func matrix(r, c int, f func(i, j int) float32) [][]float32 {
	m := make([][]float32, r)
	for i := range m {
		m[i] = make([]float32, c)
		for j := range m[i] {
			m[i][j] = f(i, j)
		}
	}
	return m
}

func main() {
	a := matrix(3, 5, func(i, j int) float32 { return float32(i + j) })
	b := matrix(5, 3, func(i, j int) float32 { return float32(i*3+j) / 2 })
	x, y := naive(a, b), tiled(a, b)
	for i := range x {
		fmt.Println(x[i], y[i])
	}
	fmt.Printf("%v\n", tiled(matrix(1, 1, func(int, int) float32 { return 3 }), matrix(1, 1, func(int, int) float32 { return 4 })))
}
