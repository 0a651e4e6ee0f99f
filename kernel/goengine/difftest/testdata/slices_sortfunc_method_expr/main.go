package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

type version struct{ major, minor, patch int }

func (v version) Compare(o version) int {
	return cmp.Or(cmp.Compare(v.major, o.major), cmp.Compare(v.minor, o.minor), cmp.Compare(v.patch, o.patch))
}
func (v version) String() string { return fmt.Sprintf("v%d.%d.%d", v.major, v.minor, v.patch) }

type level int

const (
	debug level = iota
	info
	warn
)

func (l level) String() string { return [...]string{"DEBUG", "INFO", "WARN"}[l] }

func main() {
	vs := []version{{1, 2, 3}, {1, 10, 0}, {0, 9, 9}, {1, 2, 0}}
	slices.SortFunc(vs, version.Compare)
	fmt.Println(vs)
	i, found := slices.BinarySearchFunc(vs, version{1, 2, 3}, version.Compare)
	fmt.Println(i, found)
	fmt.Println(slices.MaxFunc(vs, version.Compare), slices.MinFunc(vs, version.Compare))
	byLevel := map[level][]string{warn: {"disk"}, debug: {"x", "y"}, info: {"start"}}
	for _, l := range slices.Sorted(maps.Keys(byLevel)) {
		fmt.Println(l, strings.Join(byLevel[l], ","))
	}
	fmt.Println(slices.Sorted(maps.Keys(byLevel)))
	ls := []level{warn, debug, info, warn}
	slices.Sort(ls)
	fmt.Println(slices.Compact(ls), slices.Index(ls, info), slices.Contains(ls, warn))
	fmt.Println(cmp.Compare(warn, info), min(warn, info), max(debug, info))
	m := maps.Collect(slices.All([]version{{2, 0, 0}}))
	fmt.Println(m)
}
