// culab patch 15: a defer statement evaluates the arguments of its call,
// and a go statement those of a call of compiled code, when it runs.
package main

import (
	"bufio"
	"fmt"
	"io"
	"sync"
)

type T struct{ n int }

func (t T) show(tag string) { fmt.Println(tag, t.n) }

func add(a, b int) int { return a + b }

func main() {
	func() {
		for i := 0; i < 3; i++ {
			defer fmt.Println("compiled", i)
			defer fmt.Print("sum ", add(i, 10), "\n")
		}
		x := 10
		defer fmt.Println("x at defer:", x)
		defer func(v int) { fmt.Println("arg", v, "x", x) }(x)
		t := T{1}
		defer t.show("receiver")
		m := map[string]int{"a": 1}
		k := "a"
		defer delete(m, k)
		defer fmt.Println("map", m)
		k = "b"
		x = 20
		t.n = 2
	}()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var got []int
	record := func(v int) {
		mu.Lock()
		got = append(got, v)
		mu.Unlock()
		wg.Done()
	}
	v := 1
	wg.Add(1)
	go record(v)
	v = 2
	wg.Wait()
	pr, pw := io.Pipe()
	w := 3
	go fmt.Fprintln(pw, "compiled go", w)
	w = 4
	line, _ := bufio.NewReader(pr).ReadString('\n')
	fmt.Print(got, " ", line)
}

// Output:
// map map[a:1]
// receiver 1
// arg 10 x 20
// x at defer: 10
// sum 12
// compiled 2
// sum 11
// compiled 1
// sum 10
// compiled 0
// [1] compiled go 3
