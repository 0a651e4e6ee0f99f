package interp_test

import "testing"

// culab patches 141 and 142: f(g()) with g's results going to parameters
// of different kinds, and a cell interface's value given to heap.Push.
func TestMultiValueArgsAndStoredInterfaceArgs(t *testing.T) {
	got := evalMain(t, `package main

import (
	"container/heap"
	"fmt"
)

type Shape interface{ Area() float64 }
type circle struct{ r float64 }

func (c circle) Area() float64 { return c.r }

func MustS(v Shape, err error) Shape { return v }
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func lookup() (Shape, error) { return circle{1}, nil }

type Task interface{ Priority() int }
type email struct{ to string }

func (e email) Priority() int { return len(e.to) }

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
	fmt.Println(MustS(lookup()).Area(), Must(lookup()).Area())
	q := &queue{}
	var t Task = email{"bo"}
	heap.Push(q, t)
	heap.Push(q, email{"ann"})
	fmt.Println(heap.Pop(q), heap.Pop(q))
}
`)
	if want := "1 1\n{ann} {bo}\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
