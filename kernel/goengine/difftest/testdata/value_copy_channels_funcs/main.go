package main

import "fmt"

type rec struct {
	id   int
	tags [2]string
	ref  *int
}

func make1() rec {
	n := 5
	return rec{1, [2]string{"a", "b"}, &n}
}

func main() {
	ch := make(chan rec, 2)
	r := make1()
	ch <- r
	r.id = 2
	r.tags[0] = "z"
	*r.ref = 6
	got := <-ch
	fmt.Println(got.id, got.tags, *got.ref, r.id, r.tags)

	f := func(x rec) rec { x.id *= 10; x.tags[1] = "y"; return x }
	out := f(r)
	fmt.Println(r.id, r.tags, out.id, out.tags)

	rs := []rec{make1(), make1()}
	for _, x := range rs {
		x.id = 99
	}
	for i := range rs {
		rs[i].tags[0] = fmt.Sprint(i)
	}
	fmt.Println(rs[0].id, rs[0].tags, rs[1].tags)

	m := map[string]rec{"k": make1()}
	v := m["k"]
	v.id = 42
	fmt.Println(m["k"].id, v.id)
	arr := [2]rec{make1(), make1()}
	brr := arr
	brr[0].tags[0] = "changed"
	fmt.Println(arr[0].tags, brr[0].tags)
}
