package main

import "fmt"

func bsearch(xs []int, want int) int {
	lo, hi := 0, len(xs)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if xs[mid] < want {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(xs) && xs[lo] == want {
		return lo
	}
	return -1
}

func bfs(adj map[int][]int, start int) []int {
	seen := map[int]bool{start: true}
	queue := []int{start}
	var order []int
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		order = append(order, n)
		for _, m := range adj[n] {
			if !seen[m] {
				seen[m] = true
				queue = append(queue, m)
			}
		}
	}
	return order
}

func main() {
	xs := []int{1, 3, 5, 7, 9, 11}
	fmt.Println(bsearch(xs, 7), bsearch(xs, 4), bsearch(xs, 11))
	adj := map[int][]int{1: {2, 3}, 2: {4}, 3: {4, 5}, 4: {6}, 5: {6}}
	fmt.Println(bfs(adj, 1))
}
