package main

import (
	"fmt"
	"strings"
)

func helper() string { return "pkg helper" }

var counter = 10

type T struct{ v int }

func (t T) helper() string { return fmt.Sprint("method ", t.v) }

func main() {
	fmt.Println(helper())
	{
		helper := func() string { return "local helper" }
		fmt.Println(helper())
	}
	fmt.Println(helper(), T{3}.helper())
	counter := counter + 1
	fmt.Println(counter)
	strings := []string{"shadowed", "package"}
	fmt.Println(len(strings), strings[0])
	fmt := "fmt is a string now"
	_ = fmt
	out(fmt)
	out(upper("x"))
}

func out(s string) { fmt.Println(s) }

func upper(s string) string { return strings.ToUpper(s) + fmt.Sprint(counter) }
