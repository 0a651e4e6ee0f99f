package main

import "fmt"

type List[T any] struct{ items []T }

func (l *List[T]) Push(v T)  { l.items = append(l.items, v) }
func (l List[T]) Len() int   { return len(l.items) }
func (l List[T]) At(i int) T { return l.items[i] }

type Named struct {
	Name string
}

func (n Named) Describe() string { return "named " + n.Name }

type Queue struct {
	List[string]
	Named
	limit int
}

func (q *Queue) Push(s string) {
	if q.Len() >= q.limit {
		fmt.Println("full, dropping", s)
		return
	}
	q.List.Push(s)
}

type Lener interface{ Len() int }

func main() {
	q := &Queue{Named: Named{"jobs"}, limit: 2}
	for _, s := range []string{"a", "b", "c"} {
		q.Push(s)
	}
	fmt.Println(q.Len(), q.At(1), q.Describe(), q.Name)
	var l Lener = q
	var l2 Lener = *q
	fmt.Println(l.Len(), l2.Len())
	q.List.Push("forced")
	fmt.Println(q.Len(), q.items)
	fmt.Printf("%+v\n", *q)
}
