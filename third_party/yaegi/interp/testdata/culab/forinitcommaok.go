// culab patch 83: a comma-ok define as a for statement's init is per
// iteration, as its other defines are; a var declaration of the comma-ok
// form in a loop body is a new variable each time.
package main

import (
	"fmt"
	"strconv"
)

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
	m := map[string]string{"a": "b", "b": "c", "c": ""}
	for k, ok := m["a"]; ok && k != ""; k, ok = m[k] {
		fs = append(fs, func() string { return k })
	}
	for n, err := strconv.Atoi("3"); err == nil && n > 0; n-- {
		fs = append(fs, func() string { return fmt.Sprint("n", n) })
	}
	words := map[int]string{0: "zero", 2: "two"}
	for i := 0; i < 3; i++ {
		var w, ok = words[i]
		fs = append(fs, func() string { return fmt.Sprint(w, ok) })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

// Output:
// 10 true 20 true 30 true b c n3 n2 n1 zerotrue false twotrue
