package main

import "fmt"

type pt struct{ x int }

func main() {
	var fs []func() string
	m := map[int]string{0: "a", 2: "c"}
	c := make(chan pt, 1)
	for i := 0; i < 3; i++ {
		v, ok := m[i]
		fs = append(fs, func() string { return fmt.Sprintf("%q/%v", v, ok) })
		c <- pt{i}
		r, rok := <-c
		fs = append(fs, func() string { return fmt.Sprint(r, rok) })
		var x any = pt{i + 10}
		if i == 1 {
			x = "s"
		}
		t, tok := x.(pt)
		fs = append(fs, func() string { return fmt.Sprint(t, tok) })
		_, only := m[i]
		fs = append(fs, func() string { return fmt.Sprint(only) })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
