package main

import "fmt"

type base struct{ id int }

func (b base) ID() int       { return b.id }
func (b *base) SetID(id int) { b.id = id }

type user struct {
	base
	name string
}

type admin struct {
	*user
	level int
}

func main() {
	u := user{base{1}, "ann"}
	id := user.ID
	fmt.Println(id(u))
	set := (*user).SetID
	set(&u, 7)
	fmt.Println(u.ID(), (*user).ID(&u))
	a := admin{&u, 2}
	aid := admin.ID
	aset := admin.SetID
	aset(a, 11)
	fmt.Println(aid(a), u.id)
	fmt.Printf("%T\n%T\n", aid, aset)
	fs := []func(user) int{user.ID, func(x user) int { return len(x.name) }}
	for _, f := range fs {
		fmt.Print(f(u), " ")
	}
	fmt.Println()
}
