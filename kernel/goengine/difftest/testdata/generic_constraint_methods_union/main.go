package main

import (
	"fmt"
	"strconv"
)

type Stringish interface {
	~int | ~uint8
	String() string
}

type code int

func (c code) String() string { return "C" + strconv.Itoa(int(c)) }

type flag uint8

func (f flag) String() string { return fmt.Sprintf("F%02x", uint8(f)) }

func Join[T Stringish](xs []T) (string, T) {
	s := ""
	var sum T
	for _, x := range xs {
		s += x.String() + ","
		sum += x
	}
	return s, sum
}

type Shower interface{ Show() string }

type cat struct{ name string }

func (c cat) Show() string { return "cat:" + c.name }

func ShowAll[S Shower](xs ...S) []string {
	var out []string
	for _, x := range xs {
		out = append(out, x.Show())
	}
	return out
}

func main() {
	s, sum := Join([]code{1, 2, 3})
	fmt.Println(s, sum, int(sum))
	s2, sum2 := Join([]flag{250, 10})
	fmt.Println(s2, sum2, uint8(sum2))
	fmt.Println(ShowAll(cat{"a"}, cat{"b"}))
}
