package main

import "fmt"

type Getter interface{ Get() int }
type Setter interface{ Set(int) }
type GetSetter interface {
	Getter
	Setter
}

type val struct{ n int }

func (v val) Get() int   { return v.n }
func (v *val) Set(n int) { v.n = n }

type wrap struct{ *val }
type wrapv struct{ val }

func main() {
	v := val{1}
	var g Getter = v
	v.n = 2
	fmt.Println(g.Get(), v.Get())
	var gs GetSetter = &v
	gs.Set(5)
	fmt.Println(v.n, gs.Get(), g.Get())
	_, ok := g.(Setter)
	fmt.Println("val is Setter:", ok)
	_, ok = gs.(Getter)
	fmt.Println("ptr is Getter:", ok)
	w := wrap{&val{7}}
	var gs2 GetSetter = w
	gs2.Set(8)
	fmt.Println(w.n, gs2.Get())
	wv := wrapv{val{3}}
	var any1 any = wv
	_, ok = any1.(Setter)
	fmt.Println("wrapv is Setter:", ok)
	_, ok = any(&wv).(Setter)
	fmt.Println("*wrapv is Setter:", ok)
	ms := []Getter{val{1}, &val{2}, w}
	for _, m := range ms {
		fmt.Printf("%T %d\n", m, m.Get())
	}
}
