package main

import "fmt"

type box struct{ items []string }

func (b *box) Put(s string) { b.items = append(b.items, s) }

func (b box) Count() int { return len(b.items) }

type shelf struct{ boxes [2]box }

func main() {
	var b box
	b.Put("a")
	b.Put("b")
	fmt.Println(b.Count(), b.items)
	var s shelf
	s.boxes[1].Put("x")
	fmt.Println(s.boxes[0].Count(), s.boxes[1].Count())
	bs := []box{{}, {}}
	bs[0].Put("y")
	fmt.Println(bs[0].items)
	pb := &b
	fmt.Println(pb.Count())
}
