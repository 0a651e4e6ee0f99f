package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type pair[K comparable, V any] struct {
	k K
	v V
}

type matrix [][]float32

func main() {
	var err error
	var w io.Writer = &strings.Builder{}
	vals := []any{
		func(int, ...string) (bool, error) { return false, nil },
		make(chan<- int), make(<-chan []string), make(chan struct{}),
		map[string][]*int{}, [3]struct{}{}, err, w, errors.New("x"),
		pair[string, []int]{}, &pair[int, pair[bool, string]]{}, matrix{},
		struct {
			a int
			b []byte
		}{}, new(any), [][2]func(){}, uintptr(0), complex64(0), 'r', byte('b'),
	}
	for _, v := range vals {
		fmt.Printf("%T\n", v)
	}
}
