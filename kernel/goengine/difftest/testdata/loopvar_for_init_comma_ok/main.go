package main

import "fmt"

// A for statement whose init is a comma-ok define: each iteration has
// its own copies of the variables (Go 1.22), which the post statement
// then assigns.
func main() {
	ch := make(chan int, 3)
	ch <- 10
	ch <- 20
	ch <- 30
	close(ch)
	var fs []func() string
	for v, ok := <-ch; ok; v, ok = <-ch {
		fs = append(fs, func() string { return fmt.Sprint(v, ok) })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	m := map[string]string{"a": "b", "b": "c", "c": ""}
	var ps []*string
	for k, ok := m["a"]; ok && k != ""; k, ok = m[k] {
		ps = append(ps, &k)
	}
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println(len(ps))
}
