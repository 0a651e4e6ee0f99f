package main

import "fmt"

type task struct {
	id    int
	scale float32
}

func main() {
	out := make(chan int, 8)
	tasks := make(chan task, 8)
	vals := []int{1, 2, 3}
	scales := map[string]float32{"fast": 2.5}
	for i := 0; len(out) < cap(out) && i < 6; i++ {
		select {
		case out <- vals[i%len(vals)] * 10:
		}
		select {
		case tasks <- task{id: vals[i%3] + 100, scale: scales["fast"] * float32(i)}:
		default:
			fmt.Println("tasks full")
		}
	}
	close(out)
	close(tasks)
	for v := range out {
		fmt.Print(v, " ")
	}
	fmt.Println()
	for t := range tasks {
		fmt.Print(t, " ")
	}
	fmt.Println()
}
