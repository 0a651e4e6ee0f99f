package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

type rot struct{ n int }

func (r rot) apply(c rune) rune {
	if c >= 'a' && c <= 'z' {
		return 'a' + (c-'a'+rune(r.n))%26
	}
	return c
}

type people []string

func (p people) less(i, j int) bool { return len(p[i]) < len(p[j]) }

type acc struct{ total int }

func (a *acc) add(s string) { a.total += len(s) }

type namer interface{ name() string }
type dog struct{}

func (dog) name() string { return "dog" }

func main() {
	r := rot{13}
	fmt.Println(strings.Map(r.apply, "hello, world"))
	f := rot.apply
	fmt.Println(string(f(rot{1}, 'a')))
	p := people{"alexander", "bo", "cat"}
	sort.Slice(p, p.less)
	fmt.Println(p)
	a := &acc{}
	add := a.add
	for _, s := range []string{"ab", "cde"} {
		add(s)
	}
	fmt.Println(a.total)
	words := []string{"x", "yy"}
	for _, w := range words {
		func(g func(string)) { g(w) }(a.add)
	}
	fmt.Println(a.total)
	var n namer = dog{}
	g := n.name
	fmt.Println(g(), strings.ToUpper(g()))
	idx := slices.IndexFunc([]rune("abc"), func(c rune) bool { return r.apply(c) == 'o' })
	fmt.Println(idx)
	fs := []func(rune) rune{rot{1}.apply, rot{2}.apply}
	for _, fn := range fs {
		fmt.Print(strings.Map(fn, "abc"), " ")
	}
	fmt.Println()
}
