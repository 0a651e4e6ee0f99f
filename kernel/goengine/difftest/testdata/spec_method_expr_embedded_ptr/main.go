package main

import "fmt"

type T struct{ a int }

func (tv T) Mv(x int) int          { return tv.a + x }
func (tp *T) Mp(f float32) float32 { return float32(tp.a) * f }

type S struct {
	*T
	name string
}

func main() {
	var t T = T{3}
	fmt.Println(T.Mv(t, 1), (*T).Mp(&t, 2), (*T).Mv(&t, 7))
	f := T.Mv
	g := (*T).Mp
	fmt.Println(f(T{10}, 1), g(&T{2}, 1.5))
	s := S{&T{5}, "s"}
	fmt.Println(s.Mv(1), s.Mp(2), S.Mv(s, 2), (*S).Mp(&s, 3))
	mv := s.Mv
	s.T = &T{100}
	fmt.Println(mv(0), s.Mv(0))
	fmt.Printf("%T %T\n", f, g)
}
