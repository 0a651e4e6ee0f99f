// culab patch 23: the expressions of a case are evaluated in order up to
// the first equal to the tag, and compared as == does, with interface
// operands too.
package main

import "fmt"

func f(x int) string {
	switch x {
	case 1:
		return "one"
	default:
		return "default"
	case 2, 3:
		return "two/three"
	}
}

func g(v any) string {
	switch v.(type) {
	default:
		return "default"
	case int:
		return "int"
	}
}

func h(x int) string {
	switch {
	default:
		return "default"
	case x > 5:
		return "big"
	}
}

func e(n int) int { fmt.Println("eval", n); return n }

func main() {
	fmt.Println(f(1), f(2), f(3), f(4))
	fmt.Println(g(1), g("a"))
	fmt.Println(h(1), h(9))
	switch 1 {
	case e(1), e(2):
		fmt.Println("matched 1")
	}
	switch 3 {
	case e(1), e(2):
		fmt.Println("no")
	case e(3):
		fmt.Println("matched 3")
	}
	switch x := 5; x {
	case e(4), e(5), e(6):
		fmt.Println("matched 5")
		fallthrough
	case e(7):
		fmt.Println("fell")
	}
	var i any = 2
	switch i {
	case 1, 2:
		fmt.Println("any 2")
	}
	switch int64(7) {
	case 6, 7:
		fmt.Println("int64 7")
	}
	type C float64
	switch C(2.5) {
	case 1, 2.5:
		fmt.Println("C 2.5")
	}
}

// Output:
// one two/three two/three default
// int default
// default big
// eval 1
// matched 1
// eval 1
// eval 2
// eval 3
// matched 3
// eval 4
// eval 5
// matched 5
// fell
// any 2
// int64 7
// C 2.5
