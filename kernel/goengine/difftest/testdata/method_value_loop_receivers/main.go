package main

import "fmt"

type item struct {
	name string
	qty  int
}

func (it item) describe() string { return fmt.Sprintf("%s x%d", it.name, it.qty) }
func (it *item) restock(n int)   { it.qty += n }
func (it *item) label() string   { return "[" + it.name + "]" }
func (it item) with(n int) item  { it.qty = n; return it }
func (it item) String() string   { return it.name }
func describeAll(fs []func() string) {
	for _, f := range fs {
		fmt.Print(f(), "; ")
	}
	fmt.Println()
}

// Method values bound in loops: a value receiver is copied when the
// method value is made; a pointer receiver sees later changes.
func main() {
	items := []item{{"bolt", 1}, {"nut", 2}, {"gear", 3}}
	var vals, ptrs []func() string
	var restocks []func(int)
	for _, it := range items {
		vals = append(vals, it.describe)
		ptrs = append(ptrs, it.label)
		restocks = append(restocks, it.restock)
	}
	for i := range items {
		restocks = append(restocks, items[i].restock)
	}
	for _, r := range restocks {
		r(10)
	}
	describeAll(vals)
	describeAll(ptrs)
	fmt.Println(items)
	w := items[0].with
	items[0].qty = 99
	fmt.Println(w(5).describe(), items[0].describe())
	f := item.describe
	g := (*item).restock
	g(&items[1], 1)
	fmt.Println(f(items[1]))
}
