package main

import (
	"fmt"
	"slices"
	"sync"
)

type Result[T any] struct {
	Val T
	Err error
}

func (r Result[T]) String() string {
	if r.Err != nil {
		return "err(" + r.Err.Error() + ")"
	}
	return fmt.Sprintf("ok(%v)", r.Val)
}

func Gen[T any](xs ...T) <-chan T {
	ch := make(chan T)
	go func() {
		defer close(ch)
		for _, x := range xs {
			ch <- x
		}
	}()
	return ch
}

func Map[T, U any](in <-chan T, f func(T) (U, error)) <-chan Result[U] {
	out := make(chan Result[U])
	go func() {
		defer close(out)
		for v := range in {
			u, err := f(v)
			out <- Result[U]{u, err}
		}
	}()
	return out
}

func Merge[T any](chs ...<-chan T) <-chan T {
	out := make(chan T)
	var wg sync.WaitGroup
	for _, c := range chs {
		wg.Go(func() {
			for v := range c {
				out <- v
			}
		})
	}
	go func() { wg.Wait(); close(out) }()
	return out
}

func main() {
	half := func(n int) (float64, error) {
		if n%2 != 0 {
			return 0, fmt.Errorf("odd %d", n)
		}
		return float64(n) / 2, nil
	}
	var got []string
	for r := range Merge(Map(Gen(1, 2, 3), half), Map(Gen(4, 5, 6), half)) {
		got = append(got, r.String())
	}
	slices.Sort(got)
	fmt.Println(got)
	var rs []Result[string]
	for r := range Map(Gen("a", "bb"), func(s string) (string, error) { return s + s, nil }) {
		rs = append(rs, r)
	}
	fmt.Println(rs)
}
