package main

import "fmt"

type task struct {
	name string
	done bool
}

func main() {
	tasks := []task{{"write", false}, {"test", false}, {"ship", false}}
	for i := range tasks {
		if i%2 == 0 {
			tasks[i].done = true
		}
	}
	fmt.Println(tasks)
	p := &tasks[1]
	p.done = true
	fmt.Println(tasks[1])
	tasks = append(tasks, task{"rest", false})
	p.name = "changed-after-append"
	fmt.Println(tasks[1].name)
}
