// culab patch 20: fmt prints values of interpreted types as Go does: their
// methods Format, GoString, Error and String inside slices, arrays, maps,
// struct fields, interfaces and pointers, field names for %+v and %#v,
// type names for %T and %#v.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"strings"
	"time"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type pt struct {
	x, y int
	Name string
	T    Celsius
	t    Celsius
	d    time.Duration
	D    time.Duration
}

type E struct{ code int }

func (e *E) Error() string { return fmt.Sprint("E", e.code) }

type both struct{ n int }

func (both) Error() string    { return "err" }
func (both) String() string   { return "str" }
func (both) GoString() string { return "both!" }

type V struct{ X, Y float64 }

func (v V) Format(f fmt.State, verb rune) {
	w, _ := f.Width()
	fmt.Fprintf(f, "V<%c %v %d>", verb, f.Flag('+'), w)
}

type Tree struct {
	L, R *Tree
	V    int
}

type Named []ID
type M map[string]Celsius
type Str string
type B []byte

type Box[T any] struct{ v T }

func (b Box[T]) String() string { return fmt.Sprint("box:", b.v) }

type panicky struct{}

func (panicky) String() string { panic(errors.New("bad")) }

type Inner struct{ C Celsius }
type Outer struct {
	Inner
	N int
}

type node struct{ id int }

func (n *node) String() string { return fmt.Sprintf("node(%d)", n.id) }

type Person struct {
	Name   string `json:"name"`
	secret string `json:"secret"`
	age    int
}

type hidden struct{ a ID }

// deferred prints values of the defer and go statements' moment.
func deferred() {
	x, h := ID(1), hidden{2}
	defer fmt.Println("deferred", x, h)
	defer fmt.Printf("deferred %v %+v %T\n", x, h, x)
	pr, pw := io.Pipe()
	go fmt.Fprintln(pw, "go", x, h)
	x, h.a = 5, 6
	buf := make([]byte, 64)
	n, _ := pr.Read(buf)
	fmt.Print(string(buf[:n]))
	fmt.Println(x, h)
}

func main() {
	deferred()
	p := pt{1, 2, "n", 3, 4, 5, 6}
	fmt.Println(p)
	fmt.Printf("%v|%+v|%T\n", p, p, p)
	fmt.Printf("%#v\n", p)
	fmt.Printf("%v %d %x %s %q\n", ID(3), ID(3), ID(3), ID(3), ID(3))
	fmt.Printf("[%8v] [%-8v] [%08d]\n", ID(3), ID(4), ID(5))
	fmt.Println([]ID{1, 2}, [2]ID{3}, Named{4}, map[ID]Celsius{2: 1, 1: 2})
	fmt.Printf("%#v %#v %#v\n", []ID{1}, Named{4}, map[ID]ID{1: 2})
	fmt.Printf("%T %T %T %T %T\n", []ID{}, Named{}, M{}, &p, map[Str][]*ID{})
	var e error = &E{7}
	fmt.Println(e, []error{e, nil})
	fmt.Printf("%v %+v %T %s\n", e, e, e, e)
	err2 := fmt.Errorf("wrap: %w", e)
	fmt.Println(err2, errors.Unwrap(err2) != nil)
	var ep *E
	fmt.Printf("%v %T\n", ep, ep)
	fmt.Println(both{}, []both{{}})
	fmt.Printf("%#v %#v %+v\n", both{}, []both{{1}}, both{})
	fmt.Printf("%v|%+8v|%d\n", V{1, 2}, V{}, []V{{}})
	t := &Tree{V: 1, L: &Tree{V: 2}}
	fmt.Printf("%v %+v\n", *t.L, t.L.L)
	fmt.Printf("%s %q %x %v %d\n", Str("hi"), Str("hi"), Str("hi"), Str("hi"), Str("hi"))
	fmt.Printf("%s %v %x\n", B("ab"), B("ab"), B("ab"))
	fmt.Printf("%#v %#v\n", B("ab"), Str("x"))
	fmt.Println(Box[int]{3}, []Box[string]{{"a"}})
	fmt.Printf("%T %v %+v\n", Box[ID]{1}, Box[ID]{2}, []any{Box[ID]{3}})
	fmt.Println(panicky{}, []panicky{{}})
	fmt.Printf("%d\n", panicky{})
	fmt.Println(Outer{Inner{1}, 2}, []Outer{{}})
	fmt.Printf("%+v %#v\n", Outer{Inner{1}, 2}, Outer{})
	var a any = ID(9)
	fmt.Println(a, []any{a, Celsius(2)})
	v := node{1}
	np := &node{2}
	fmt.Println(v, np, []*node{np, {3}}, []node{v}, map[string]*node{"a": np})
	var nilNode *node
	fmt.Println(nilNode, []any{&p, &Person{Name: "x"}} != nil)
	fmt.Print(ID(1), ID(2), "x", 3, "\n")
	fmt.Println(fmt.Sprint(ID(1)), fmt.Sprintln(Celsius(1)) == "1.0°C\n", len(fmt.Sprintf("%v", p)))
	var w strings.Builder
	fmt.Fprintln(&w, []ID{5}, map[string]any{"k": ID(1)})
	fmt.Fprintf(&w, "%v %T\n", ID(2), ID(2))
	b := fmt.Appendf(nil, "%v", ID(3))
	b = fmt.Append(b, ID(4))
	fmt.Println(string(b))
	args := []any{ID(1), Celsius(2), p}
	fmt.Println(args...)
	fmt.Printf("%v %T %+v\n", args...)
	fmt.Fprint(&w, ID(6), "\n")
	log.SetOutput(&w)
	log.SetFlags(0)
	log.Println(ID(7), []ID{8})
	log.Printf("%v %T", ID(9), ID(9))
	fmt.Print(w.String())
	fmt.Printf("%v %s\n", struct {
		A ID
		b ID
	}{1, 2}, []*ID{nil})
	var npt *pt
	fmt.Printf("%v %+v %#v\n", npt, []*pt{nil}, npt)
	m := map[Celsius][]ID{2: {1}, 1: nil}
	fmt.Printf("%v %#v\n", m, m)
	var nilm map[ID]ID
	var nils []ID
	fmt.Printf("%v %#v %v %#v\n", nilm, nilm, nils, nils)
	fmt.Printf("%T %T %T\n", make(chan ID), func(ID) Celsius { return 0 }, struct{ a ID }{})
	type local struct{ a, B int }
	fmt.Printf("%v %+v %#v %T\n", local{1, 2}, local{1, 2}, local{1, 2}, local{})
	fmt.Printf("%6.2f|%v|%e\n", Celsius(1.234), []Celsius{1.5}, []float64{1})
	fmt.Printf("%x %X %s\n", []ID{10, 11}, Named{255}, []Str{"a", "b"})
	fmt.Printf("%v %08.3f|%+d|% d\n", map[Str]int{"b": 1, "a": 2}, Celsius(3), ID(4), ID(5))
	j, err := json.Marshal(Person{"ann", "s", 3})
	fmt.Println(string(j), err)
}

// Output:
// go ID-1 {2}
// ID-5 {6}
// deferred ID-1 {a:2} main.ID
// deferred ID-1 {2}
// {1 2 n 3.0°C 4 5 6ns}
// {1 2 n 3.0°C 4 5 6ns}|{x:1 y:2 Name:n T:3.0°C t:4 d:5 D:6ns}|main.pt
// main.pt{x:1, y:2, Name:"n", T:3, t:4, d:5, D:6}
// ID-3 3 49442d33 ID-3 "ID-3"
// [    ID-3] [ID-4    ] [00000005]
// [ID-1 ID-2] [ID-3 ID-0] [ID-4] map[ID-1:2.0°C ID-2:1.0°C]
// []main.ID{1} main.Named{4} map[main.ID]main.ID{1:2}
// []main.ID main.Named main.M *main.pt map[main.Str][]*main.ID
// E7 [E7 <nil>]
// E7 E7 *main.E E7
// wrap: E7 true
// <nil> *main.E
// err [err]
// both! []main.both{both!} err
// V<v false 0>|V<v true 8>|[V<d false 0>]
// {<nil> <nil> 2} <nil>
// hi "hi" 6869 hi %!d(main.Str=hi)
// ab [97 98] 6162
// main.B{0x61, 0x62} "x"
// box:3 [box:a]
// main.Box[main.ID] box:ID-2 [box:ID-3]
// %!v(PANIC=String method: bad) [%!v(PANIC=String method: bad)]
// {}
// {{1.0°C} 2} [{{0.0°C} 0}]
// {Inner:{C:1.0°C} N:2} main.Outer{Inner:main.Inner{C:0}, N:0}
// ID-9 [ID-9 2.0°C]
// {1} node(2) [node(2) node(3)] [{1}] map[a:node(2)]
// <nil> true
// ID-1 ID-2x3
// ID-1 true 22
// ID-3ID-4
// ID-1 2.0°C {1 2 n 3.0°C 4 5 6ns}
// ID-1 main.Celsius {x:1 y:2 Name:n T:3.0°C t:4 d:5 D:6ns}
// [ID-5] map[k:ID-1]
// ID-2 main.ID
// ID-6
// ID-7 [ID-8]
// ID-9 main.ID
// {ID-1 2} [<nil>]
// <nil> [<nil>] (*main.pt)(nil)
// map[1.0°C:[] 2.0°C:[ID-1]] map[main.Celsius][]main.ID{1:[]main.ID(nil), 2:[]main.ID{1}}
// map[] map[main.ID]main.ID(nil) [] []main.ID(nil)
// chan main.ID func(main.ID) main.Celsius struct { a main.ID }
// {1 2} {a:1 B:2} main.local{a:1, B:2} main.local
//   1.23|[1.5°C]|[1.000000e+00]
// [49442d3130 49442d3131] [49442D323535] [a b]
// map[a:2 b:1] 0003.000|+4| 5
// {"name":"ann"} <nil>
