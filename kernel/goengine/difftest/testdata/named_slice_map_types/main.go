package main

import (
	"fmt"
	"sort"
	"strings"
)

type words []string
type index map[string][]int

func (w words) Len() int { return len(w) }
func (w words) Less(i, j int) bool {
	return len(w[i]) < len(w[j]) || len(w[i]) == len(w[j]) && w[i] < w[j]
}
func (w words) Swap(i, j int) { w[i], w[j] = w[j], w[i] }

func (ix index) add(word string, pos int) { ix[word] = append(ix[word], pos) }

func main() {
	var w words
	w = append(w, strings.Fields("the quick brown fox jumps over the lazy dog")...)
	sort.Sort(w)
	fmt.Println(w, len(w))
	plain := []string(w)
	plain[0] = "THE"
	fmt.Println(w[0], fmt.Sprintf("%T %T", w, plain))
	ix := index{}
	for i, s := range w {
		ix.add(s, i)
	}
	fmt.Println(ix["the"], len(ix))
	var nilIx index
	fmt.Println(nilIx["x"], len(nilIx), nilIx == nil)
	back := words(plain[:3])
	fmt.Println(back, back.Len())
}
