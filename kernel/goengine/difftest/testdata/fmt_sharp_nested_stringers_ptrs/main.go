package main

import (
	"errors"
	"fmt"
)

type id int

func (i id) String() string { return fmt.Sprintf("#%d", int(i)) }

type status bool

type item struct {
	ID    id
	Tags  []string
	Attrs map[string]id
	Done  status
	Err   error
	Inner *inner
}

type inner struct{ Level id }

func (in *inner) String() string { return fmt.Sprintf("inner@%v", in.Level) }

type gostr struct{ n int }

func (g gostr) GoString() string { return fmt.Sprintf("gostr(%d)", g.n) }

func main() {
	it := item{ID: 7, Tags: []string{"a"}, Attrs: map[string]id{"k": 2}, Done: true, Err: errors.New("boom")}
	fmt.Printf("%v\n%+v\n", it, it)
	fmt.Printf("%#v\n", it.Attrs)
	fmt.Printf("%#v %#v %#v\n", it.ID, it.Done, []id{1, 2})
	fmt.Printf("%q %x %d %s\n", it.ID, it.ID, it.ID, []id{3})
	it.Inner = &inner{4}
	fmt.Printf("%v %s\n", it.Inner, it.Inner)
	fmt.Printf("%#v %v %+v\n", gostr{5}, gostr{5}, []gostr{{6}})
	fmt.Printf("%T %T %T\n", it, it.Inner, it.Attrs)
	var nilInner *inner
	fmt.Printf("%v %+v\n", []*inner{nil}, nilInner == nil)
	type local struct {
		A id
		b []id
	}
	fmt.Printf("%v %+v %T\n", local{1, []id{2}}, local{1, nil}, local{})
}
