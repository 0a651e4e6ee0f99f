package interp_test

import "testing"

// culab patch 139: a composite literal of a type with methods assigned to
// an any keeps its methods.
func TestAnyLiteralKeepsMethods(t *testing.T) {
	got := evalMain(t, `package main

import "fmt"

type user struct{ Name string }

func (u user) String() string { return "U:" + u.Name }

type ids []int

func (x ids) String() string { return fmt.Sprint("ids", len(x)) }

func main() {
	var u any = user{"bo"}
	fmt.Printf("%T %v\n", u, u)
	_, ok := u.(fmt.Stringer)
	fmt.Println(ok)
	u = ids{1, 2}
	fmt.Println(u)
	var v any
	v = user{"cy"}
	w := any(user{"di"})
	fmt.Println(v, w)
}
`)
	if want := "main.user U:bo\ntrue\nids2\nU:cy U:di\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
