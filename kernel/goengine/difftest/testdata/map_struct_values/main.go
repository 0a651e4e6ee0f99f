package main

import (
	"fmt"
	"sort"
)

type Stat struct {
	Count int
	Sum   float64
	Tags  [2]string
}

func main() {
	m := map[string]Stat{}
	for i, name := range []string{"a", "b", "a", "c", "a"} {
		s := m[name] // a copy
		s.Count++
		s.Sum += float64(i)
		s.Tags[s.Count%2] = fmt.Sprint("t", i)
		m[name] = s
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s %+v\n", k, m[k])
	}
	ptrs := map[string]*Stat{"x": {Count: 1}}
	ptrs["x"].Count += 10
	ptrs["x"].Tags[0] = "direct"
	fmt.Println(*ptrs["x"])
	v := m["a"]
	v.Count = 100
	fmt.Println(m["a"].Count, v.Count)
	missing := m["zzz"]
	fmt.Println(missing.Count, missing.Tags[1] == "", len(m))
	arrs := map[int][3]int{1: {1, 2, 3}}
	a := arrs[1]
	a[0] = 9
	fmt.Println(arrs[1], a)
	nested := map[string]map[string]Stat{"g": {"k": {Count: 2}}}
	inner := nested["g"]
	inner["k2"] = Stat{Count: 5}
	fmt.Println(len(nested["g"]), nested["g"]["k2"].Count)
}
