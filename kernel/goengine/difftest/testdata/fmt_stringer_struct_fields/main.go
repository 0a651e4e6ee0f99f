package main

import "fmt"

type Money int

func (m Money) String() string { return fmt.Sprintf("$%d.%02d", m/100, m%100) }

type Order struct {
	Item  string
	Price Money
	qty   Money
}

type Ledger struct {
	Orders []Order
	Total  Money
}

func main() {
	o := Order{"book", 1250, 3}
	fmt.Println(o)
	fmt.Printf("%+v\n", o)
	l := Ledger{[]Order{o, {"pen", 199, 1}}, 1449}
	fmt.Printf("%v\n", l)
	fmt.Printf("%+v\n", &l)
}
