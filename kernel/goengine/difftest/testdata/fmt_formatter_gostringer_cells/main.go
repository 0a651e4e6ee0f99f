package main

import (
	"fmt"
	"strings"
)

type money struct {
	cents int64
	cur   string
}

func (m money) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v', 's':
		if f.Flag('+') {
			fmt.Fprintf(f, "%s %d.%02d", m.cur, m.cents/100, m.cents%100)
			return
		}
		fmt.Fprintf(f, "%d.%02d", m.cents/100, m.cents%100)
	case 'd':
		fmt.Fprintf(f, "%d", m.cents)
	default:
		fmt.Fprintf(f, "%%!%c(money)", verb)
	}
}

type id int

func (i id) GoString() string { return fmt.Sprintf("id(%d)", int(i)) }
func (i id) String() string   { return fmt.Sprintf("#%d", int(i)) }

type padded string

func (p padded) Format(f fmt.State, verb rune) {
	w, ok := f.Width()
	s := string(p)
	if ok && len(s) < w {
		if f.Flag('-') {
			s += strings.Repeat(".", w-len(s))
		} else {
			s = strings.Repeat(".", w-len(s)) + s
		}
	}
	f.Write([]byte(s))
}

type row struct {
	ID    id
	Price money
}

func main() {
	m := money{12345, "EUR"}
	fmt.Printf("%v|%+v|%d|%x|%s\n", m, m, m, m, m)
	fmt.Println(m, []money{m, {5, "USD"}})
	fmt.Printf("%v %#v %s %d\n", id(3), id(3), id(3), id(3))
	fmt.Printf("%#v\n", []id{1, 2})
	fmt.Printf("%v\n%+v\n", row{4, m}, row{5, m})
	fmt.Printf("[%8v][%-8v][%v]\n", padded("ab"), padded("cd"), padded("ef"))
	fmt.Println(fmt.Sprint(padded("x"), id(9)), fmt.Sprintf("%6.2v", money{1, "X"}))
	var s fmt.Stringer = id(7)
	fmt.Printf("%v %s %d\n", s, s, s)
	fmt.Print(padded("a"), padded("b"), 1, 2, padded("c"), "\n")
	ms := map[id]money{1: {100, "A"}}
	fmt.Printf("%v %+v\n", ms, ms)
}
