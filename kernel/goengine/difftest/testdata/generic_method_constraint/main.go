package main

import (
	"fmt"
	"strconv"
)

type Labeled interface {
	~int | ~string
	Label() string
}

type ID int

func (i ID) Label() string { return "id-" + strconv.Itoa(int(i)) }

type Name string

func (n Name) Label() string { return "name-" + string(n) }

func Labels[T Labeled](xs []T) []string {
	var out []string
	for _, x := range xs {
		out = append(out, x.Label())
	}
	return out
}

func main() {
	fmt.Println(Labels([]ID{1, 2}))
	fmt.Println(Labels([]Name{"ann", "ben"}))
}
