package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type gpu struct {
	name string
	sms  int
	mem  int
}

func main() {
	gs := []gpu{{"t4", 40, 16}, {"a100", 108, 80}, {"h100", 132, 80}, {"l4", 58, 24}}
	bySMs := func(a, b gpu) int { return cmp.Compare(a.sms, b.sms) }
	fmt.Println(slices.MinFunc(gs, bySMs).name, slices.MaxFunc(gs, bySMs).name)
	byMem := func(a, b gpu) int { return cmp.Compare(a.mem, b.mem) }
	fmt.Println(slices.MaxFunc(gs, byMem).name)
	fmt.Println(slices.IndexFunc(gs, func(g gpu) bool { return strings.HasPrefix(g.name, "l") }))
	fmt.Println(slices.ContainsFunc(gs, func(g gpu) bool { return g.mem > 100 }))
	names := []string{"T4", "A100", "H100", "L4"}
	fmt.Println(slices.EqualFunc(gs, names, func(g gpu, n string) bool { return strings.EqualFold(g.name, n) }))
	xs := []int{3, 1, 4, 1, 5, 9, 2, 6}
	fmt.Println(slices.Min(xs), slices.Max(xs), slices.Index(xs, 1), slices.Contains(xs, 7))
	ys := slices.Clone(xs)
	slices.Reverse(ys)
	fmt.Println(ys, xs)
	ys = slices.Replace(ys, 1, 3, 0, 0, 0, 0)
	fmt.Println(ys, len(ys))
	fmt.Println(slices.IsSortedFunc(gs, bySMs), slices.Compare([]int{1, 2}, []int{1, 2, 0}))
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(slices.Min([]float64{}))
}
