package main

import (
	"fmt"
	"strings"
)

type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64
}

type Float interface{ ~float32 | ~float64 }

type Number interface {
	Integer | Float
}

type Named interface {
	~string
	Label() string
}

type Tag string

func (t Tag) Label() string { return "#" + strings.ToLower(string(t)) }

type Score int8

func Total[N Number](xs ...N) (t N) {
	for _, x := range xs {
		t += x
	}
	return
}

func Labels[S Named](xs []S) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, x.Label()+"("+fmt.Sprint(len(x))+")")
	}
	return strings.Join(parts, " ")
}

type Number2 interface{ Number }

func Avg[N Number2](xs []N) float64 {
	return float64(Total(xs...)) / float64(len(xs))
}

func main() {
	fmt.Println(Total(1, 2, 3), Total(1.5, 2.25))
	fmt.Println(Total[Score](100, 27), Total[Score](100, 28))
	fmt.Printf("%T %v\n", Total[Score](), Avg([]Score{1, 2}))
	fmt.Println(Labels([]Tag{"Go", "CUDA"}))
}
