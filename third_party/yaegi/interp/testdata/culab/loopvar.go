// culab patch 11: each iteration of a for loop has its own variables
// (Go 1.22), for closures, addresses, method values, defers and
// goroutines; the body may change a range key without changing the next.
package main

import (
	"fmt"
	"sync"
)

type P struct{ X int }

func (p *P) Get() int { return p.X }

func main() {
	var fs []func()
	for i := 0; i < 3; i++ {
		fs = append(fs, func() { fmt.Print(i, " ") })
	}
	for _, f := range fs {
		f()
	}
	fmt.Println()

	var ps []*int
	for i := 0; i < 3; i++ {
		ps = append(ps, &i)
	}
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	func() {
		for i := 0; i < 3; i++ {
			defer func() { fmt.Print(i, " ") }()
		}
	}()
	fmt.Println()

	var mu sync.Mutex
	var wg sync.WaitGroup
	sum := 0
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			sum += i
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(sum)

	fs = nil
	for _, v := range []string{"a", "b", "c"} {
		fs = append(fs, func() { fmt.Print(v, " ") })
	}
	for i, c := range "xy" {
		fs = append(fs, func() { fmt.Print(i, string(c), " ") })
	}
	for k, v := range map[int]string{7: "z"} {
		fs = append(fs, func() { fmt.Print(k, v, " ") })
	}
	ch := make(chan int, 2)
	ch <- 8
	ch <- 9
	close(ch)
	for v := range ch {
		fs = append(fs, func() { fmt.Print(v, " ") })
	}
	for _, f := range fs {
		f()
	}
	fmt.Println()

	// The next iteration's variable is a copy made before the post
	// statement: a change in the body carries over, a closure's later
	// change does not.
	for i := 0; i < 5; i++ {
		if i == 1 {
			i += 2
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	var gs []func() int
	for i := 0; i < 3; i++ {
		gs = append(gs, func() int { i += 10; return i })
	}
	for _, g := range gs {
		fmt.Print(g(), g(), " ")
	}
	fmt.Println()

	// continue, labeled continue, break; several variables; the condition
	// and the post statement see the iteration's variable.
	fs = nil
outer:
	for i, j := 0, 10; i < 4; i, j = i+1, j-1 {
		for k := 0; k < 3; k++ {
			if k == 1 {
				continue outer
			}
			if i == 3 {
				break outer
			}
			if i == 1 {
				continue
			}
			fs = append(fs, func() { fmt.Print(i, j, k, " ") })
		}
	}
	for _, f := range fs {
		f()
	}
	fmt.Println()

	// Method values and addresses of fields.
	var ms []func() int
	var xs []*int
	for _, p := range []P{{1}, {2}, {3}} {
		ms = append(ms, p.Get)
		xs = append(xs, &p.X)
	}
	for i := range ms {
		fmt.Print(ms[i](), *xs[i], " ")
	}
	fmt.Println()
	var arrs [][]int
	for _, a := range [][2]int{{1, 2}, {3, 4}} {
		arrs = append(arrs, a[:])
	}
	fmt.Println(arrs)

	// A variable declared in the body, a loop without a post statement.
	fs = nil
	for i := 0; ; {
		if i > 2 {
			break
		}
		j := i * 10
		fs = append(fs, func() { fmt.Print(i, j, " ") })
		i++
	}
	for _, f := range fs {
		f()
	}
	fmt.Println()

	// A deferred closure of a loop recovers the function's panic.
	fmt.Println(recovers())

	// The body changes the key: the next iteration does not change.
	s := []int{10, 20, 30, 40}
	for i := range s {
		fmt.Print(i, " ")
		i += 2
	}
	for i, v := range s {
		fmt.Print(i, v, " ")
		i++
	}
	fmt.Println()
	for i := range "héllo" {
		fmt.Print(i, " ")
	}
	for i, c := range "h\xffé" {
		fmt.Print(i, c, " ")
		i = 100
	}
	fmt.Println()
	a := [3]int{4, 5, 6}
	pa := &a
	for i, v := range pa {
		a[2] = 60
		fmt.Print(i, v, " ")
	}
	for i := range pa {
		fmt.Print(i, " ")
	}
	fmt.Println(pa[2])
}

func recovers() (s string) {
	for i := 0; i < 2; i++ {
		defer func() {
			if r := recover(); r != nil {
				s = fmt.Sprint("recovered ", r, " in ", i)
			}
		}()
	}
	panic("p")
}

// Output:
// 0 1 2
// 0 1 2
// 2 1 0
// 2016
// a b c 0x 1y 7z 8 9
// 0 3 4
// 10 20 11 21 12 22
// 0 10 0 2 8 0
// 1 1 2 2 3 3
// [[1 2] [3 4]]
// 1 0 2 10 3 20
// recovered p in 1
// 0 1 2 3 0 10 1 20 2 30 3 40
// 0 1 3 4 5 0 104 1 65533 2 233
// 0 4 1 5 2 60 0 1 2 60
