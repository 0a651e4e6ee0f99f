package main

import "fmt"

type item struct{ id int }

func main() {
	items := []item{{1}, {2}, {3}}
	var refs []*item
	for _, it := range items {
		refs = append(refs, &it)
	}
	items[0].id = 100
	for _, r := range refs {
		fmt.Println(r.id)
	}
}
