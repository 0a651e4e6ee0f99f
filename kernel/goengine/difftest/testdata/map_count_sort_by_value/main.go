package main

import (
	"fmt"
	"sort"
	"strings"
)

type kv struct {
	Key   string
	Count int
}

func main() {
	text := "the quick brown fox jumps over the lazy dog the fox"
	counts := map[string]int{}
	for _, w := range strings.Fields(text) {
		counts[w]++
	}
	var list []kv
	for k, v := range counts {
		list = append(list, kv{k, v})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Count != list[j].Count {
			return list[i].Count > list[j].Count
		}
		return list[i].Key < list[j].Key
	})
	for _, e := range list[:4] {
		fmt.Printf("%-6s %d\n", e.Key, e.Count)
	}
	fmt.Println(counts)
	byLen := map[int][]string{}
	for w := range counts {
		byLen[len(w)] = append(byLen[len(w)], w)
	}
	for _, ws := range byLen {
		sort.Strings(ws)
	}
	fmt.Println(byLen)
	fmt.Printf("%v %d\n", map[kv]bool{{"a", 1}: true, {"a", 0}: false}, len(counts))
	delete(counts, "the")
	_, ok := counts["the"]
	fmt.Println(ok, len(counts))
}
