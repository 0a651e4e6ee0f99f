package main

import (
	"container/heap"
	"fmt"
)

type Item struct {
	value    string
	priority int
	index    int
}

type PQ []*Item

func (pq PQ) Len() int { return len(pq) }
func (pq PQ) Less(i, j int) bool {
	return pq[i].priority > pq[j].priority
}
func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PQ) Push(x any) {
	it := x.(*Item)
	it.index = len(*pq)
	*pq = append(*pq, it)
}
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	it := old[n-1]
	*pq = old[:n-1]
	return it
}

func main() {
	pq := PQ{}
	for i, v := range []string{"banana", "apple", "pear"} {
		heap.Push(&pq, &Item{value: v, priority: []int{3, 2, 4}[i]})
	}
	it := &Item{value: "orange", priority: 1}
	heap.Push(&pq, it)
	it.priority = 5
	heap.Fix(&pq, it.index)
	for pq.Len() > 0 {
		x := heap.Pop(&pq).(*Item)
		fmt.Printf("%.2d:%s ", x.priority, x.value)
	}
	fmt.Println()
}
