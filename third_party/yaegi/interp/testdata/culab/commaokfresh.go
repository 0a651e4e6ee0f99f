// culab patch 76: the variables that a comma-ok define declares are new
// each time it runs; a redeclared one stays the same variable.
package main

import "fmt"

func main() {
	var fs []func() string
	m := map[int]string{0: "a", 2: "c"}
	c := make(chan int, 1)
	for i := 0; i < 3; i++ {
		v, ok := m[i]
		fs = append(fs, func() string { return fmt.Sprintf("%q/%v", v, ok) })
		c <- i
		r, rok := <-c
		fs = append(fs, func() string { return fmt.Sprint(r, rok) })
		var x any = i
		if i == 1 {
			x = "s"
		}
		t, tok := x.(int)
		fs = append(fs, func() string { return fmt.Sprint(t, tok) })
		_, only := m[i]
		fs = append(fs, func() string { return fmt.Sprint(only) })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	// Pointers kept, and redeclarations in a loop body.
	var ps []*string
	var shared []*bool
	for i := 0; i < 3; i++ {
		v, ok := m[i]
		ps = append(ps, &v)
		w, ok := m[i+1]
		shared = append(shared, &ok)
		_ = w
	}
	for i, p := range ps {
		fmt.Print(*p, *shared[i], shared[i] == shared[0], " ")
	}
	fmt.Println()

	// In an if statement's init, and a variable that nothing keeps.
	for i := 0; i < 3; i++ {
		if v, ok := m[i]; ok {
			fs = append(fs[:0], func() string { return v })
		}
		n, found := m[i]
		fmt.Print(n, found, " ")
	}
	fmt.Println(fs[0]())
}

// Output:
// "a"/true 0 true 0 true true ""/false 1 true 0 false false "c"/true 2 true 2 true true
// afalse true true false cfalse false
// atrue false ctrue c
