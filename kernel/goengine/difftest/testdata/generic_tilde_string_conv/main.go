package main

import (
	"fmt"
	"strings"
)

type path string
type tag string

func upper[S ~string](s S) S {
	return S(strings.ToUpper(string(s)))
}

func bytesOf[S ~string | ~[]byte](s S) []byte {
	return []byte(s)
}

func join[S ~string](parts []S, sep S) S {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(string(sep))
		}
		b.WriteString(string(p))
	}
	return S(b.String())
}

func lenSum[S ~string](xs ...S) int {
	n := 0
	for _, x := range xs {
		n += len(x)
		for range x {
		}
	}
	return n
}

func main() {
	p := upper(path("/usr/bin"))
	fmt.Printf("%v %T\n", p, p)
	fmt.Println(bytesOf(tag("ab")), bytesOf([]byte{1, 2}))
	j := join([]tag{"a", "b", "c"}, "-")
	fmt.Printf("%q %T\n", j, j)
	fmt.Println(lenSum[path]("ab", "cde"))
	fmt.Println(p[1], p[1:4], p+"/x")
}
