package main

import "fmt"

type matrix struct {
	cells [2][2]float64
	name  string
}

func (m matrix) scaled(k float64) matrix {
	for i := range m.cells {
		for j := range m.cells[i] {
			m.cells[i][j] *= k
		}
	}
	m.name += "*"
	return m
}

func (m *matrix) scale(k float64) {
	for i := range m.cells {
		for j := range m.cells[i] {
			m.cells[i][j] *= k
		}
	}
}

func main() {
	a := matrix{[2][2]float64{{1, 2}, {3, 4}}, "a"}
	b := a.scaled(2)
	fmt.Println(a, b)
	a.scale(3)
	fmt.Println(a)
	rows := a.cells
	rows[0][0] = -1
	fmt.Println(a.cells[0][0], rows[0][0])
	p := &a.cells[1]
	p[1] = 100
	fmt.Println(a.cells)
	ms := []matrix{a, b}
	for _, m := range ms {
		m.cells[0][0] = 0
	}
	fmt.Println(ms[0].cells[0][0], ms[1].cells[0][0])
	for i := range ms {
		ms[i].scale(0.5)
	}
	fmt.Println(ms[0].cells, ms[1].cells)
}
