// culab patch 14: fields and array elements that Go lets a program
// assign to (the errors are in culab_assignable_test.go).
package main

import (
	"fmt"
	"net/http"
	"time"
)

type P struct{ X, Y int }

type S struct {
	X  int
	P  *P
	A  [2]int
	In struct{ Y int }
}

var g S

func ptr(s *S) *S { return s }

func (s *S) self() *S { return s }

func main() {
	var arr [2]S
	arr[0].X = 1
	arr[1].A[1] = 2
	arr[1].In.Y = 3
	s := []S{{}, {}}
	s[0].X = 4
	s[1].A[0]++
	s[1].In.Y += 5
	p := &S{P: &P{}}
	p.X = 6
	(*p).A[1] = 7
	p.P.Y = 8
	m := map[string]*S{"a": {}}
	m["a"].X = 9
	m["a"].A[0] = 10
	mp := map[string]S{"b": {P: &P{}}}
	mp["b"].P.X = 11
	ptr(p).In.Y = 12
	p.self().X++
	g.X, g.A[1] = 13, 14
	func() { arr[0].In.Y = 15 }()
	var x any = p
	x.(*S).X = 16
	c := &http.Client{}
	c.Timeout = time.Second
	for i := range arr {
		arr[i].X *= 10
	}
	fmt.Println(arr, s[0].X, s[1].A, s[1].In)
	fmt.Println(p.X, p.A, *p.P, p.In, *m["a"], *mp["b"].P, g.X, g.A, c.Timeout)
}

// Output:
// [{10 <nil> [0 0] {15}} {0 <nil> [0 2] {3}}] 4 [1 0] {5}
// 16 [0 7] {0 8} {12} {9 <nil> [10 0] {0}} {11 0} 13 [0 14] 1s
