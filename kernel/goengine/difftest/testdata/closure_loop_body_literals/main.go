package main

import "fmt"

type grid [2][2]int

func main() {
	var printers []func()
	for i := 1; i <= 3; i++ {
		row := []int{i, i * i}
		printers = append(printers, func() { fmt.Println("row", row) })
	}
	for _, p := range printers {
		p()
	}
	var boards []*grid
	for i := 0; i < 2; i++ {
		g := grid{{i, 0}, {0, i}}
		boards = append(boards, &g)
	}
	fmt.Println(*boards[0], *boards[1])
	handlers := map[string]func() int{}
	for _, name := range []string{"a", "bb", "ccc"} {
		lens := map[string]int{name: len(name)}
		handlers[name] = func() int { return lens[name] }
	}
	fmt.Println(handlers["a"](), handlers["bb"](), handlers["ccc"]())
}
