package main

import (
	"fmt"
	"sort"
)

type person struct {
	name string
	age  int
}

type byAge []person

func (a byAge) Len() int           { return len(a) }
func (a byAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a byAge) Less(i, j int) bool { return a[i].age < a[j].age }

type multi struct {
	people []person
	less   []func(a, b *person) bool
}

func (m *multi) Len() int      { return len(m.people) }
func (m *multi) Swap(i, j int) { m.people[i], m.people[j] = m.people[j], m.people[i] }
func (m *multi) Less(i, j int) bool {
	p, q := &m.people[i], &m.people[j]
	for _, f := range m.less {
		switch {
		case f(p, q):
			return true
		case f(q, p):
			return false
		}
	}
	return false
}

func main() {
	people := []person{{"ann", 30}, {"bob", 25}, {"cid", 30}, {"dee", 20}}
	sort.Stable(byAge(people))
	fmt.Println(people)
	sort.Sort(sort.Reverse(byAge(people)))
	fmt.Println(people[0].age, people[len(people)-1].age)
	m := &multi{people: people, less: []func(a, b *person) bool{
		func(a, b *person) bool { return a.age > b.age },
		func(a, b *person) bool { return a.name < b.name },
	}}
	sort.Sort(m)
	fmt.Println(m.people)
	fmt.Println(sort.IsSorted(byAge(people)))
	ints := []int{5, 2, 8, 1}
	sort.Ints(ints)
	i := sort.SearchInts(ints, 5)
	fmt.Println(ints, i, sort.Search(len(ints), func(k int) bool { return ints[k] >= 3 }))
	fl := sort.Float64Slice{2.5, -1, 3}
	fl.Sort()
	fmt.Println(fl, fl.Search(2.5))
}
