package interp_test

import "testing"

// culab patch 127: a value of a cell type with methods returned as an any
// keeps its methods (fmt calls String, an assertion to an interface holds).
func TestReturnAnyKeepsMethods(t *testing.T) {
	got := evalMain(t, `package main

import "fmt"

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type sq struct{ s int }

func (q *sq) Area() int { return q.s * q.s }

func f1() any          { return celsius(1) }
func f2() any          { x := celsius(2); return x }
func f3() (any, int)   { return celsius(3), 1 }
func f4() any          { return &sq{4} }
func f5(k int) any {
	switch k {
	case 0:
		return celsius(5)
	}
	return nil
}

func main() {
	fmt.Println(f1(), f2(), f5(0), f5(1))
	fmt.Println(f3())
	_, ok := f1().(fmt.Stringer)
	a, ok2 := f4().(interface{ Area() int })
	fmt.Println(ok, ok2, a.Area())
	fn := func() any { return celsius(6) }
	fmt.Printf("%v %T\n", fn(), fn())
}
`)
	if want := "1.0C 2.0C 5.0C <nil>\n3.0C 1\ntrue true 16\n6.0C main.celsius\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
