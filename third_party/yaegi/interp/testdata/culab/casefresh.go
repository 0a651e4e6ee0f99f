// culab patch 75: the variables that a select case or a type switch
// declares are new each time the case runs.
package main

import "fmt"

func main() {
	var fs []func() string
	c := make(chan int, 3)
	for i := 0; i < 3; i++ {
		c <- i
		select {
		case v := <-c:
			fs = append(fs, func() string { return fmt.Sprint("v", v) })
		}
	}
	c <- 7
	close(c)
	var oks []*bool
	for i := 0; i < 2; i++ {
		select {
		case _, ok := <-c:
			oks = append(oks, &ok)
		}
	}
	for _, x := range []any{1, "s", 2.5, 3} {
		switch t := x.(type) {
		case int:
			fs = append(fs, func() string { return fmt.Sprint("int", t) })
		case string, float64:
			fs = append(fs, func() string { return fmt.Sprint("sf", t) })
		default:
			fs = append(fs, func() string { return fmt.Sprint("other", t) })
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println(*oks[0], *oks[1])
}

// Output:
// v0 v1 v2 int1 sfs sf2.5 int3 true false
