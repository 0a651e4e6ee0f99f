package main

import "fmt"

func main() {
	graph := map[string]map[string]int{}
	add := func(a, b string, w int) {
		if graph[a] == nil {
			graph[a] = map[string]int{}
		}
		graph[a][b] = w
	}
	add("a", "b", 1)
	add("a", "c", 4)
	add("b", "c", 2)
	fmt.Println(graph)
	graph["b"]["c"]++
	fmt.Println(graph["b"], graph["z"]["q"])
	fmt.Println(len(graph), len(graph["a"]))
}
