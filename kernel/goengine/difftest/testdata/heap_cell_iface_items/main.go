package main

import (
	"container/heap"
	"fmt"
	"strings"
)

type Task interface {
	Priority() int
	Run() string
}

type email struct{ to string }
type build struct {
	target string
	prio   int
}

func (e email) Priority() int  { return 1 }
func (e email) Run() string    { return "mail " + e.to }
func (b *build) Priority() int { return b.prio }
func (b *build) Run() string   { return "build " + b.target }

type queue []Task

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].Priority() > q[j].Priority() }
func (q queue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)        { *q = append(*q, x.(Task)) }
func (q *queue) Pop() any {
	old := *q
	t := old[len(old)-1]
	*q = old[:len(old)-1]
	return t
}

func main() {
	q := &queue{}
	heap.Push(q, email{"ann"})
	heap.Push(q, &build{"app", 5})
	heap.Push(q, &build{"lib", 3})
	var t Task = email{"bo"}
	heap.Push(q, t)
	var out []string
	for q.Len() > 0 {
		x := heap.Pop(q)
		task := x.(Task)
		if b, ok := x.(*build); ok {
			out = append(out, fmt.Sprintf("%s(%d)", b.Run(), b.prio))
			continue
		}
		out = append(out, task.Run())
	}
	fmt.Println(strings.Join(out, "; "))
}
