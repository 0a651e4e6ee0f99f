package main

import "fmt"

type node struct {
	val  int
	next *node
}

type list struct {
	head *node
	size int
}

func (l *list) push(v int) { l.head = &node{v, l.head}; l.size++ }

func (l list) values() (out []int) {
	for n := l.head; n != nil; n = n.next {
		out = append(out, n.val)
	}
	return
}

func main() {
	var l list
	for i := range 4 {
		l.push(i)
	}
	cp := l
	cp.push(99)
	fmt.Println(l.values(), cp.values(), l.size, cp.size)
	l.head.val = -1
	fmt.Println(cp.values())
	pts := []struct{ x, y int }{{1, 2}, {3, 4}}
	type P struct{ x, y int }
	var q P = P(pts[1])
	fmt.Println(q, pts[0] == struct{ x, y int }{1, 2})
	anon := struct {
		Name string
		Tags []string
	}{"a", nil}
	fmt.Printf("%+v %v\n", anon, anon.Tags == nil)
	nested := map[string]map[string][]int{}
	if nested["a"] == nil {
		nested["a"] = map[string][]int{}
	}
	nested["a"]["b"] = append(nested["a"]["b"], 1, 2)
	fmt.Println(nested, len(nested["x"]["y"]))
	var pp **node
	n := &node{val: 5}
	pp = &n
	(*pp).val++
	(**pp).next = &node{val: 6}
	fmt.Println(n.val, n.next.val)
	arr := [...]string{2: "c", 0: "a"}
	fmt.Println(len(arr), arr)
	bs := [4]byte{'a', 'b'}
	copy(bs[2:], "xyz")
	fmt.Println(string(bs[:]))
}
