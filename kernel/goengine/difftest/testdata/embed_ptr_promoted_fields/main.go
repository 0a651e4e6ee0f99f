package main

import "fmt"

type base struct {
	ID   int
	Tags []string
}

func (b *base) tag(t string)    { b.Tags = append(b.Tags, t) }
func (b base) describe() string { return fmt.Sprint(b.ID, b.Tags) }

type item struct {
	*base
	Name string
}

func main() {
	it := item{&base{ID: 1}, "pen"}
	it.ID = 7
	it.tag("blue")
	cp := it
	cp.tag("cheap")
	cp.Name = "copy"
	fmt.Println(it.describe(), it.Name, cp.describe(), cp.Name, it.base == cp.base)
	items := map[string]item{"a": it}
	items["a"].tag("stored")
	fmt.Println(it.describe(), items["a"].describe())
	var empty item
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		fmt.Println(empty.ID)
	}()
	fmt.Println(empty.base == nil)
}
