package main

import (
	"errors"
	"fmt"
)

// Error, Format and a panicking String inside values held in an any.
type Code int

func (c Code) Error() string { return fmt.Sprintf("E%d", int(c)) }

type Hex int

func (h Hex) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "<%c %x>", verb, int(h)) }

type Bad int

func (Bad) String() string { panic("no text") }

type Temp float64

func (t *Temp) String() string { return fmt.Sprintf("%.1f°", float64(*t)) }

type Both int

func (Both) Error() string  { return "as error" }
func (Both) String() string { return "as string" }

func main() {
	var a any = []Code{404, 500}
	var b any = map[string]Hex{"k": 255}
	var c any = []Bad{1}
	var d any = []Both{1}
	fmt.Println(a, b, c, d)
	fmt.Printf("%v %s %d|%v %x %d\n", a, a, a, b, b, b)
	t := Temp(21.5)
	var e any = []*Temp{&t, nil}
	fmt.Println(e)
	err := fmt.Errorf("failed %v: %w", a, errors.New("cause"))
	fmt.Println(err, errors.Unwrap(err))
	fmt.Println(fmt.Sprintf("%v|%+v", []any{[]Hex{1}}, []any{[]Code{1}}))
}
