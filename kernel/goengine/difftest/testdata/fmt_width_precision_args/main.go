package main

import (
	"fmt"
	"os"
)

type money int64

func (m money) String() string { return fmt.Sprintf("$%d.%02d", m/100, m%100) }

type row struct {
	Item  string
	Qty   int
	Price money
}

func main() {
	rows := []row{{"apple", 3, 125}, {"watermelon", 1, 399}, {"fig", 12, 40}}
	fmt.Printf("%-12s|%5s|%8s\n", "item", "qty", "price")
	for _, r := range rows {
		fmt.Printf("%-12s|%5d|%8v\n", r.Item, r.Qty, r.Price)
	}
	fmt.Printf("%*d|%-*d|%.*f\n", 6, 42, 4, 7, 2, 3.14159)
	fmt.Printf("%[2]d %[1]d %d\n", 10, 20)
	fmt.Printf("%08.3f|%+.2e|%x|%X|% x\n", -3.5, 12345.678, "hey", []byte{1, 171}, "hi")
	fmt.Printf("%v %s %d\n", rows[0].Price, money(5), money(5))
	fmt.Printf("%6.2f%%\n", 12.3456)
	fmt.Printf("%q %v %#v\n", 'x', 'x', "q")
	fmt.Printf("%3c|%-3c|%U\n", 'A', 'B', 0x1F600)
	fmt.Printf("%t %v %p\n", false, nil, nil)
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%d\n")
	fmt.Printf("%d %d\n", 1, 2, 3)
	n, err := fmt.Fprintf(os.Stdout, "%s=%d\n", "n", 5)
	fmt.Println(n, err)
	s := fmt.Sprintln("a", 1, true)
	fmt.Print(s)
	fmt.Print("a", "b", 1, 2, "c\n")
}
