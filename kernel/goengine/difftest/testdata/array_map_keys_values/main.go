package main

import "fmt"

type coord [2]int

type cell struct {
	pos  coord
	name string
}

func main() {
	seen := map[coord]string{}
	seen[coord{1, 2}] = "a"
	k := coord{1, 2}
	k2 := k
	k2[0] = 9
	seen[k2] = "b"
	fmt.Println(len(seen), seen[k], seen[coord{9, 2}])
	a := [3]cell{{coord{0, 0}, "x"}}
	b := a
	b[0].pos[1] = 5
	fmt.Println(a[0], b[0], a == b)
	b[0].pos[1] = 0
	fmt.Println(a == b)
	byCell := map[cell]int{a[0]: 1}
	byCell[cell{name: "x"}]++
	fmt.Println(byCell)
	arrs := map[[2]string][]int{}
	arrs[[2]string{"a", "b"}] = append(arrs[[2]string{"a", "b"}], 1, 2)
	fmt.Println(arrs)
	ptr := &a
	cp := *ptr
	ptr[1].name = "changed"
	fmt.Println(cp[1].name == "", a[1].name)
	var ifs [2]any = [2]any{1, "s"}
	fmt.Println(ifs == [2]any{1, "s"}, ifs != [2]any{1, 2})
}
