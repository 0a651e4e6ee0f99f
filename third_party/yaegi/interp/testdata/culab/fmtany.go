// culab patch 47: a value of a cell type without methods of its own that
// holds one with a method fmt calls (String, Error, Format), put in an
// any by interpreted code, prints as Go prints it: the any keeps its type
// for fmt, while compiled code (json) gets the value as before.
package main

import (
	"container/list"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type Code int

func (c Code) Error() string { return fmt.Sprintf("code %d", int(c)) }

type Hex int

func (h Hex) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "hex(%c:%x)", verb, int(h)) }

type Boom int

func (Boom) String() string { panic("boom") }

type PS struct{ N int }

func (p PS) String() string { return fmt.Sprintf("PS%d", p.N) }

type Team struct {
	Lead    ID
	Members []ID
	tag     ID
}

type IDs []ID

type Pair struct{ K, V ID }

func hold(v any) any { return v }

func pack(vs ...any) []any { return vs }

func main() {
	var a any = []ID{7, 8}
	b := any(map[ID]Code{2: 1, 1: 3})
	var c any
	c = IDs{9}
	fmt.Println(a, b, c)
	fmt.Printf("%v|%+v|%s|%d|%q|%x\n", a, a, a, a, a, a)
	fmt.Printf("%v|%d|%s\n", b, b, b)
	fmt.Printf("%T %T %T %#v\n", a, b, c, a)
	xs := []any{ID(1), []ID{2}, [2]ID{3}, map[string]ID{"k": 4}, Pair{5, 6}, Team{1, []ID{2}, 3}}
	fmt.Println(xs)
	fmt.Printf("%+v\n", xs)
	m := map[string]any{"z": []Hex{10}, "a": []Code{4}, "m": [][]ID{{5}}}
	fmt.Println(m)
	fmt.Printf("%s %v\n", []any{[]Hex{255}}, []any{[]Boom{1}})
	var nilPS *PS
	fmt.Println([]any{[]*PS{{1}, nilPS}})
	fmt.Println(hold([]ID{11}), pack([]ID{12}, map[ID]bool{13: true}))
	s := struct{ V any }{[]ID{14}}
	fmt.Printf("%v %+v\n", s, s)
	ch := make(chan any, 2)
	ch <- []ID{15}
	select {
	case ch <- map[ID]ID{16: 17}:
	default:
	}
	fmt.Println(<-ch, <-ch)
	ys := []any{}
	ys = append(ys, []ID{18})
	ys = append(ys, [1]ID{19}, IDs{20})
	fmt.Println(ys)
	keys := map[any]int{[2]ID{2, 1}: 1, [2]ID{1, 2}: 2}
	fmt.Println(keys)
	p := &Team{Lead: 21}
	var ap any = p
	fmt.Printf("%v %+v\n", ap, ap)
	var sm sync.Map
	sm.Store("k", []ID{22})
	v, _ := sm.Load("k")
	l := list.New()
	l.PushBack(map[ID]ID{23: 24})
	fmt.Println(v, l.Front().Value)
	js, err := json.Marshal([]any{a, b, c, Team{Lead: 1}})
	fmt.Println(string(js), err)
	fmt.Println(fmt.Sprint(a), fmt.Sprintf("%v", xs[1]))
	err = fmt.Errorf("ids %v: %w", a, errors.New("inner"))
	fmt.Println(err, errors.Unwrap(err))
	var hidden any = struct {
		d time.Duration
		D time.Duration
	}{1, 2}
	fmt.Printf("%v %+v\n", hidden, hidden)
	var none []ID
	var z any = none
	fmt.Println(z, z == nil)
}

// Output:
// [ID-7 ID-8] map[ID-1:code 3 ID-2:code 1] [ID-9]
// [ID-7 ID-8]|[ID-7 ID-8]|[ID-7 ID-8]|[7 8]|["ID-7" "ID-8"]|[49442d37 49442d38]
// map[ID-1:code 3 ID-2:code 1]|map[1:3 2:1]|map[ID-1:code 3 ID-2:code 1]
// []main.ID map[main.ID]main.Code main.IDs []main.ID{7, 8}
// [ID-1 [ID-2] [ID-3 ID-0] map[k:ID-4] {ID-5 ID-6} {ID-1 [ID-2] 3}]
// [ID-1 [ID-2] [ID-3 ID-0] map[k:ID-4] {K:ID-5 V:ID-6} {Lead:ID-1 Members:[ID-2] tag:3}]
// map[a:[code 4] m:[[ID-5]] z:[hex(v:a)]]
// [[hex(s:ff)]] [[%!v(PANIC=String method: boom)]]
// [[PS1 <nil>]]
// [ID-11] [[ID-12] map[ID-13:true]]
// {[ID-14]} {V:[ID-14]}
// [ID-15] map[ID-16:ID-17]
// [[ID-18] [ID-19] [ID-20]]
// map[[ID-1 ID-2]:2 [ID-2 ID-1]:1]
// &{ID-21 [] 0} &{Lead:ID-21 Members:[] tag:0}
// [ID-22] map[ID-23:ID-24]
// [[7,8],{"1":3,"2":1},[9],{"Lead":1,"Members":null}] <nil>
// [ID-7 ID-8] [ID-2]
// ids [ID-7 ID-8]: inner inner
// {1 2ns} {d:1 D:2ns}
// [] false
