// Dijkstra's shortest paths with a priority queue built by heap.Push
// alone (no heap.Init), the way most implementations start from an empty
// queue; and a value method seen through an interface holding a pointer.
package main

import (
	"container/heap"
	"fmt"
)

type item struct {
	node, dist int
}

// pq has value-receiver Len, Less and Swap, and pointer Push and Pop.
type pq []item

func (q pq) Len() int           { return len(q) }
func (q pq) Less(i, j int) bool { return q[i].dist < q[j].dist }
func (q pq) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)        { *q = append(*q, x.(item)) }
func (q *pq) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

type edge struct{ to, w int }

func dijkstra(g map[int][]edge, src, n int) []int {
	const inf = 1 << 30
	dist := make([]int, n)
	for i := range dist {
		dist[i] = inf
	}
	dist[src] = 0
	q := &pq{}
	heap.Push(q, item{src, 0})
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.dist > dist[it.node] {
			continue
		}
		for _, e := range g[it.node] {
			if d := it.dist + e.w; d < dist[e.to] {
				dist[e.to] = d
				heap.Push(q, item{e.to, d})
			}
		}
	}
	return dist
}

type meter struct{ reads int }

func (m meter) String() string { return fmt.Sprintf("%d reads", m.reads) }

func main() {
	g := map[int][]edge{
		0: {{1, 4}, {2, 1}},
		2: {{1, 2}, {3, 5}},
		1: {{3, 1}},
		3: {{4, 3}},
	}
	fmt.Println(dijkstra(g, 0, 5))

	q := &pq{}
	for _, d := range []int{7, 3, 9, 1, 5} {
		heap.Push(q, item{d, d})
	}
	var order []int
	for q.Len() > 0 {
		order = append(order, heap.Pop(q).(item).dist)
	}
	fmt.Println(order)

	m := &meter{}
	var s fmt.Stringer = m
	m.reads = 3
	fmt.Println(s.String(), s)
}
