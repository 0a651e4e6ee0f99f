package main

import "fmt"

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%g°C", float64(c)) }

type Label struct{ Text string }

func (l Label) String() string { return "label:" + l.Text }

func main() {
	vals := []any{Celsius(20), Label{"x"}, &Label{"y"}, 3, "plain"}
	fmt.Println(vals)
	fmt.Println(vals...)
	var s fmt.Stringer = Celsius(-4.5)
	fmt.Println(s, []fmt.Stringer{s, Label{"z"}})
	fmt.Printf("%v %s %d\n", s, s, 7)
	m := map[string]any{"t": Celsius(1), "l": Label{"w"}}
	fmt.Println(m)
}
