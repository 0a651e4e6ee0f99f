package main

import "fmt"

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

// Seq2 is a sequence of pairs, as iter.Seq2 is.
type Seq2[A, B any] func(yield func(A, B) bool)

func Zip[A, B any](as []A, bs []B) Seq2[A, B] {
	return func(yield func(A, B) bool) {
		for i := 0; i < min(len(as), len(bs)); i++ {
			if !yield(as[i], bs[i]) {
				return
			}
		}
	}
}

func main() {
	var ps []Pair[string, float64]
	for k, v := range Zip([]string{"pi", "e", "phi", "extra"}, []float64{3.14159, 2.71828, 1.61803}) {
		ps = append(ps, Pair[string, float64]{k, v})
	}
	fmt.Println(ps)
	fmt.Printf("%+v\n", ps[0])
}
