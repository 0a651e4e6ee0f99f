package main

import "fmt"

type cell struct {
	pos  [2]int
	tags [2]string
}

type board struct {
	cells [3]cell
	turn  int
}

func main() {
	a := cell{[2]int{1, 2}, [2]string{"x", ""}}
	b := a
	b.tags[1] = "y"
	fmt.Println(a == b, a, b)
	b.tags[1] = ""
	fmt.Println(a == b)

	seen := map[cell]int{}
	seen[a]++
	seen[b]++
	seen[cell{}]++
	fmt.Println(len(seen), seen[a], seen[cell{}])

	var bd board
	bd2 := bd
	bd2.cells[0].pos[0] = 9
	fmt.Println(bd == bd2, bd.cells[0].pos, bd2.cells[0].pos)
	arr := [2]board{bd, bd2}
	cp := arr
	cp[1].turn = 5
	fmt.Println(arr[1].turn, cp[1].turn, arr == cp)
	pa := &arr[1]
	pa.cells[2].tags[0] = "z"
	fmt.Println(arr[1].cells[2].tags[0] == "z", cp[1].cells[2].tags[0] == "")
	var ifa, ifb any = a, cell{[2]int{1, 2}, [2]string{"x", ""}}
	fmt.Println(ifa == ifb)
}
