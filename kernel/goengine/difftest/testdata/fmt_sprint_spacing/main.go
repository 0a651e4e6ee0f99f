package main

import "fmt"

func main() {
	fmt.Println(fmt.Sprint("a", "b", 1, 2, "c", 3.5, true, false))
	fmt.Println(fmt.Sprint(1, 2, 3))
	fmt.Println(fmt.Sprint("x", 1, "y"))
	fmt.Println(fmt.Sprintln("a", 1, "b") + "|")
	fmt.Print("no", "space", 1, 2, "\n")
	fmt.Print(1, 2, "\n")
	s := fmt.Sprint(nil, nil, []int{1})
	fmt.Println(s)
}
