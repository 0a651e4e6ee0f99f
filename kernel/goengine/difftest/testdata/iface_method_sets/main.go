package main

import "fmt"

type namer interface{ name() string }
type renamer interface {
	namer
	rename(string)
}

type user struct{ n string }

func (u user) name() string      { return u.n }
func (u *user) rename(to string) { u.n = to }

func show(xs ...namer) {
	for _, x := range xs {
		fmt.Printf("%s(%T) ", x.name(), x)
	}
	fmt.Println()
}

func main() {
	u := user{"ada"}
	p := &user{"bob"}
	show(u, p)
	var r renamer = p
	r.rename("carl")
	show(p, r)
	_, isRenamer := any(u).(renamer)
	_, ptrIs := any(p).(renamer)
	fmt.Println(isRenamer, ptrIs)
	var n namer = u
	u.n = "dora"
	fmt.Println(n.name(), u.name())
}
