package main

import "fmt"

// culab patches 62 and 63: method expressions of promoted methods, called
// at once, deferred, or kept in a slice; a value method of (*T) called as a
// method expression; the method value of a value method of a nil pointer
// panics when it is made.

type base struct{ id int }

func (b base) ID() int       { return b.id }
func (b *base) SetID(id int) { b.id = id }

type user struct {
	base
	name string
}

type admin struct {
	*user
}

func main() {
	u := user{base{1}, "ann"}
	fmt.Println(user.ID(u), (*user).ID(&u))
	(*user).SetID(&u, 7)
	fmt.Println(u.id)
	a := admin{&u}
	admin.SetID(a, 11)
	fmt.Println(admin.ID(a), u.id)
	fs := []func(user) int{user.ID, func(x user) int { return len(x.name) }}
	for _, f := range fs {
		fmt.Print(f(u), " ")
	}
	fmt.Println()
	func() {
		defer func() { fmt.Println(u.id) }()
		defer (*user).SetID(&u, 20)
	}()
	var nb *base
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		f := nb.ID
		fmt.Println("not reached", f == nil)
	}()
	g := nb.SetID
	fmt.Println(g != nil)
}

// Output:
// 1 1
// 7
// 11 11
// 11 3
// 20
// recovered: runtime error: invalid memory address or nil pointer dereference
// true
