package main

import (
	"fmt"
	"sort"
)

type graph map[string][]string

func (g graph) addEdge(a, b string) {
	g[a] = append(g[a], b)
	g[b] = append(g[b], a)
}

func (g graph) bfs(start string) []string {
	seen := map[string]bool{start: true}
	queue := []string{start}
	var order []string
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		order = append(order, cur)
		nbrs := append([]string(nil), g[cur]...)
		sort.Strings(nbrs)
		for _, n := range nbrs {
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return order
}

func main() {
	g := graph{}
	for _, e := range [][2]string{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}, {"d", "e"}} {
		g.addEdge(e[0], e[1])
	}
	fmt.Println(g.bfs("a"), g.bfs("e"))
	fmt.Println(g)
	groups := map[bool][]int{}
	for i := 1; i <= 6; i++ {
		groups[i%2 == 0] = append(groups[i%2 == 0], i)
	}
	fmt.Println(groups)
	nested := map[string]map[string][]int{}
	add := func(a, b string, v int) {
		if nested[a] == nil {
			nested[a] = map[string][]int{}
		}
		nested[a][b] = append(nested[a][b], v)
	}
	add("x", "y", 1)
	add("x", "y", 2)
	add("x", "z", 3)
	fmt.Println(nested, len(nested["x"]), nested["q"]["r"] == nil)
	m := map[string]*[]int{"p": {}}
	*m["p"] = append(*m["p"], 7)
	fmt.Println(*m["p"])
}
