package interp_test

import "testing"

// culab patch 118: context keys of cell types are told apart from their
// underlying types' values and found whether the key is typed or held in
// an any.
func TestContextCellKeys(t *testing.T) {
	got := evalMain(t, `package main

import (
	"context"
	"fmt"
)

type strKey string

func (k strKey) String() string { return "key:" + string(k) }

type intKey int

type listKey []int

type account struct{ Name string }

func (a account) String() string { return "account:" + a.Name }

const user intKey = 0

func main() {
	ctx := context.WithValue(context.Background(), strKey("a"), 1)
	ctx = context.WithValue(ctx, user, "ada")
	ctx = context.WithValue(ctx, "a", "plain")
	var k any = strKey("a")
	var u any = intKey(0)
	fmt.Println(ctx.Value(strKey("a")), ctx.Value(k), ctx.Value(user), ctx.Value(u))
	fmt.Println(ctx.Value("a"), ctx.Value(0), ctx.Value(intKey(1)))
	ctx = context.WithValue(ctx, "acct", account{"bo"})
	acct := ctx.Value("acct")
	fmt.Println(acct, acct.(account).Name)
	defer func() { fmt.Println("recovered:", recover()) }()
	context.WithValue(ctx, listKey{1}, 2)
}
`)
	want := "1 1 ada ada\nplain <nil> <nil>\naccount:bo bo\nrecovered: key is not comparable\n"
	if got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

// culab patch 124: sync.Map's keys of cell types are told apart from
// their underlying types' values, found through an any, and given back by
// Range with their type.
func TestSyncMapCellKeys(t *testing.T) {
	got := evalMain(t, `package main

import (
	"fmt"
	"sync"
)

type id int

func (i id) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type code string

func main() {
	var m sync.Map
	m.Store(id(1), "by id")
	m.Store(code("x"), "by code")
	m.Store("x", "plain")
	_, found := m.Load(1)
	var k any = id(1)
	v, _ := m.Load(k)
	c, _ := m.Load(code("x"))
	p, _ := m.Load("x")
	fmt.Println(found, v, c, p)
	n := 0
	m.Range(func(k, v any) bool {
		if i, ok := k.(id); ok {
			fmt.Println("range:", k, int(i), v)
		}
		n++
		return true
	})
	m.Delete(id(1))
	_, found = m.Load(id(1))
	fmt.Println(n, found)
}
`)
	if want := "false by id by code plain\nrange: ID-1 1 by id\n3 false\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
